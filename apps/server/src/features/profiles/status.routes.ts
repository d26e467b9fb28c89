import type { AccountStatusConfigs, ImageStatusConfigs } from "@tidings/contracts";
import { Hono } from "hono";
import type { Config } from "../../env.ts";
import type { AppEnv } from "../../http/context.ts";
import { ok } from "../../http/respond.ts";
import { presentStatusConfigs } from "./status.presenter.ts";

/**
 * GET /status/configs: public, the client reads it before anyone signs in. INVITATIONS_REQUIRED
 * is the effective value (an admin may have changed it since start), read at every request.
 */
export function statusRoutes(config: Config, accounts: { invitationsRequired: () => Promise<boolean> }) {
  const configs = presentStatusConfigs(config);
  const accountConfigs: AccountStatusConfigs = {
    AVATAR_MAX_BYTES: config.accounts.avatarMaxBytes,
    INVITATION_INTERVAL_DAYS: config.accounts.invitationIntervalDays,
  };
  const imageConfigs: ImageStatusConfigs = { IMAGE_PROXY: config.images.proxy, AVATAR_SERVICES: [...config.images.avatarServices] };
  return new Hono<AppEnv>().get("/status/configs", async (c) =>
    ok(c, { ...configs, ...accountConfigs, ...imageConfigs, INVITATIONS_REQUIRED: await accounts.invitationsRequired() }),
  );
}
