import * as Tooltip from "@radix-ui/react-tooltip";
import type { FeedView } from "@tidings/contracts";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useGeneralSetting } from "../../store/settings.store.ts";
import { FocusArea } from "../hotkeys/index.ts";
import { markAllScopeFor } from "../timeline/index.ts";
import { ColumnHeader } from "./column-header.tsx";
import { MenuEnvProvider, useMenuEnvValue } from "./menu-env.tsx";
import { rowActions } from "./row-actions.ts";
import { SubscriptionList } from "./subscription-list.tsx";
import { useColumnKeys } from "./use-column-keys.ts";
import { useColumnRoute } from "./use-column-route.ts";
import { useSubscriptionTree } from "./use-subscription-tree.ts";
import { ViewTabs } from "./view-tabs.tsx";

/**
 * The subscription column (spec §2 sidebar): the view tabs with their unread totals, then the
 * view's timelines — all, starred, folders and feeds, lists, inboxes — each with a menu, and the
 * keyboard of the subscription-list focus area. `viewIcons` come from the layout that owns them;
 * `footer` sits at the bottom (the account and sync state).
 */
export function SubscriptionColumn({ viewIcons, footer }: { viewIcons: Record<FeedView, LucideIcon>; footer?: ReactNode }) {
  const { t } = useTranslation();
  const { view, target, go } = useColumnRoute();
  const { tree, activeId, subscriptions, perView } = useSubscriptionTree(view, target);
  const excludePrivate = useGeneralSetting("hidePrivateSubscriptionsInTimeline");
  const env = useMenuEnvValue(view, target, go);
  const highlightedId = useColumnKeys({ view, tree, target, activeId, subscriptions, go });
  const empty = !subscriptions.some((s) => s.view === view);

  const markViewRead = () => {
    const scope = markAllScopeFor({ kind: "all" }, view, subscriptions, { excludePrivate });
    if (scope) rowActions.markAllRead(scope, t(`views.${view}`));
  };

  return (
    <Tooltip.Provider delayDuration={300} skipDelayDuration={100}>
      <MenuEnvProvider value={env}>
        <FocusArea area="subscription-list" className="flex h-full min-h-0 flex-col" aria-label={t("app:subscriptions.column")}>
          <ColumnHeader view={view} />
          <ViewTabs view={view} icons={viewIcons} unread={perView} />
          <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain pb-4 [scrollbar-width:thin]" data-testid="subscription-list">
            <SubscriptionList view={view} tree={tree} activeId={activeId} highlightedId={highlightedId} icon={viewIcons[view]} empty={empty} onMarkAllRead={markViewRead} />
          </div>
          {footer}
        </FocusArea>
      </MenuEnvProvider>
    </Tooltip.Provider>
  );
}
