import { pgEnum } from "drizzle-orm/pg-core";

/** What a subscription (and a timeline row) points at. */
export const subscriptionType = pgEnum("subscription_type", ["feed", "list", "inbox"]);

/** A user's role (spec §6): trial until activated by an invitation. */
export const userRole = pgEnum("user_role", ["trial", "user"]);

/** Settings tabs stored on the server (spec §3). */
export const settingTab = pgEnum("setting_tab", ["general", "appearance", "integration"]);
