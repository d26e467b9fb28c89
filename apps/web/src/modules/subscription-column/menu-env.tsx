import { useQuery } from "@tanstack/react-query";
import type { FeedView, ListSummary } from "@tidings/contracts";
import i18next from "i18next";
import { createContext, useCallback, useContext, useMemo } from "react";
import { toast } from "sonner";
import { api } from "../../lib/api-client.ts";
import { sessionQuery } from "../../queries/session.ts";
import { useCategorySuggestions } from "../follow/index.ts";
import { usePowerEnabled } from "../power/boot.ts";
import type { TimelineTarget } from "../timeline/index.ts";
import { useCopy } from "../toast/index.ts";
import type { MenuEnv } from "./menus.ts";

/** GET /lists/list: the reader's own lists, for "add to list". */
export const ownedListsQuery = {
  queryKey: ["lists", "owned"] as const,
  queryFn: () => api<ListSummary[]>("lists/list"),
};

type BaseEnv = Omit<MenuEnv, "ownedLists">;

const MenuEnvContext = createContext<BaseEnv | null>(null);

export const MenuEnvProvider = MenuEnvContext.Provider;

/**
 * Builds what every row's menu needs, once for the column: the view, the reader, categories,
 * navigation, copying, and leaving a timeline that an unfollow is about to remove.
 */
export function useMenuEnvValue(view: FeedView, target: TimelineTarget | null, go: (view: FeedView, target: TimelineTarget) => void): BaseEnv {
  const { data: session } = useQuery(sessionQuery);
  const categories = useCategorySuggestions();
  const { copy: copyText } = useCopy();
  const userId = session?.user.id ?? null;
  const power = usePowerEnabled();
  const copy = useCallback(
    (text: string) =>
      void copyText(text)
        .then(() => toast.success(i18next.t("app:subscriptions.copied")))
        .catch(() => undefined),
    [copyText],
  );
  const targetKey = JSON.stringify(target);
  const onRemoved = useCallback(
    (keys: string[]) => {
      const current = JSON.parse(targetKey) as TimelineTarget | null;
      if (!current) return;
      const removed = new Set(keys);
      const leaving =
        (current.kind === "feeds" && current.feedIds.some((id) => removed.has(id))) ||
        (current.kind === "folder" && removed.has(current.category)) ||
        (current.kind === "list" && removed.has(current.listId)) ||
        (current.kind === "inbox" && removed.has(current.handle));
      if (leaving) go(view, { kind: "all" });
    },
    [go, targetKey, view],
  );
  return useMemo(() => ({ view, userId, categories, go, copy, onRemoved, power }), [view, userId, categories, go, copy, onRemoved, power]);
}

/** The menu environment of the column, with the reader's lists when `withLists` (a feed menu is open). */
export function useMenuEnv(withLists = false): MenuEnv {
  const base = useContext(MenuEnvContext);
  if (!base) throw new Error("useMenuEnv outside the subscription column");
  const lists = useQuery({ ...ownedListsQuery, enabled: withLists });
  return { ...base, ownedLists: { status: lists.status, lists: lists.data ?? [] } };
}
