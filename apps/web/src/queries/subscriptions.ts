import type { Subscription } from "@tidings/contracts";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../lib/api-client.ts";
import { persistSubscriptions } from "../db/subscriptions.repo.ts";
import { subscriptionsActions } from "../store/subscriptions.store.ts";
import { sourcesActions } from "../store/sources.store.ts";

export const subscriptionKeys = {
  all: ["subscriptions"] as const,
};

/** GET /subscriptions: everything the reader follows (all views), kept in the store and locally. */
export const subscriptionsQuery = queryOptions({
  queryKey: subscriptionKeys.all,
  queryFn: async () => {
    const subscriptions = await api<Subscription[]>("subscriptions");
    subscriptionsActions.replace(subscriptions);
    sourcesActions.upsert(sourcesActions.fromSubscriptions(subscriptions));
    void persistSubscriptions(subscriptions);
    return subscriptions;
  },
});
