import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { clearLocalData, hydrate } from "../../actions/hydrate.ts";
import { flushOutbox } from "../../actions/outbox.ts";
import { flushReads } from "../../actions/read.actions.ts";
import { setPersistence } from "../../db/persistence.ts";
import { useConnectivity } from "../../lib/connectivity.ts";
import { registerErrorReporter } from "../../lib/notify.ts";
import { queryClient } from "../../lib/query-client-instance.ts";
import { statusConfigsQuery } from "../../queries/status.ts";
import { subscriptionsQuery } from "../../queries/subscriptions.ts";
import { unreadQuery } from "../../queries/unread.ts";
import { useSettings } from "../../store/settings.store.ts";
import { toastError } from "../toast/index.ts";

let reporterInstalled = false;

/**
 * Start-up of the signed-in app (spec §4 startup order, the part after sign-in): local database
 * hydration when dataPersist is on (racing 1 s), then the server's subscriptions, unread counts and
 * instance configs; changes queued offline are sent whenever the connection comes back. Answers
 * whether the first paint may happen (hydration finished or timed out).
 */
export function useAppBoot(userId: string): boolean {
  const [ready, setReady] = useState(false);
  const persist = useSettings((state) => state.general.dataPersist);
  const online = useConnectivity((state) => state.online);

  useEffect(() => {
    if (reporterInstalled) return;
    reporterInstalled = true;
    registerErrorReporter(toastError);
  }, []);

  useEffect(() => {
    let cancelled = false;
    setPersistence(persist);
    const start = persist ? hydrate(userId) : clearLocalData();
    void start.finally(() => !cancelled && setReady(true));
    return () => {
      cancelled = true;
    };
    // Hydration happens once per signed-in user; turning dataPersist off later stops writes only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId]);

  useEffect(() => setPersistence(persist), [persist]);

  useQuery({ ...subscriptionsQuery, enabled: ready });
  useQuery({ ...unreadQuery, enabled: ready });
  // What the instance offers (POWER on or off): entry actions read it without asking themselves.
  useQuery({ ...statusConfigsQuery, enabled: ready });

  useEffect(() => {
    if (!online || !ready) return;
    void (async () => {
      await flushReads();
      if ((await flushOutbox()) > 0) await queryClient().invalidateQueries();
    })();
  }, [online, ready]);

  return ready;
}
