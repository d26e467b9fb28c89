import type { FeedView, Subscription } from "@tidings/contracts";
import type { SubscriptionPatch } from "../../actions/subscription.actions.ts";

/** What the follow form holds. */
export interface FollowFields {
  view: FeedView;
  category: string;
  title: string;
  isPrivate: boolean;
}

/** The fields of an existing subscription, as the form starts with them when editing it. */
export function fieldsOf(subscription: Subscription): FollowFields {
  return { view: subscription.view, category: subscription.category ?? "", title: subscription.title ?? "", isPrivate: subscription.isPrivate };
}

/** Only the fields that changed (PATCH /subscriptions), so an edit never rewrites what the reader did not touch. */
export function subscriptionPatch(subscription: Subscription, fields: FollowFields): SubscriptionPatch {
  const patch: SubscriptionPatch = {};
  if (fields.title.trim() !== (subscription.title ?? "")) patch.title = fields.title.trim() || null;
  if (!("listId" in subscription) && fields.category.trim() !== (subscription.category ?? "")) patch.category = fields.category.trim() || null;
  if (fields.view !== subscription.view) patch.view = fields.view;
  if (fields.isPrivate !== subscription.isPrivate) patch.isPrivate = fields.isPrivate;
  return patch;
}
