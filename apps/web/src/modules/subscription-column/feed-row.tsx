import type { FeedSubscription, FeedView } from "@tidings/contracts";
import { BadgeCheck, CircleAlert, EyeOff, TriangleAlert } from "lucide-react";
import { memo, useState } from "react";
import { useTranslation } from "react-i18next";
import { FeedIcon } from "../../components/feed-icon.tsx";
import { layoutActions } from "../../store/layout.store.ts";
import { subscriptionTitle, useSubscriptions } from "../../store/subscriptions.store.ts";
import { timelinePath } from "../timeline/index.ts";
import { Hint } from "./hint.tsx";
import { useMenuEnv } from "./menu-env.tsx";
import { feedMenu } from "./menus.ts";
import { selection, useSelection } from "./selection.ts";
import { SidebarRow } from "./sidebar-row.tsx";
import { type FeedNode, rowTarget } from "./subscription-tree.ts";

interface FeedRowProps {
  node: FeedNode;
  view: FeedView;
  active: boolean;
  highlighted: boolean;
  nested?: boolean;
}

/**
 * A feed: icon, title, private / error / RSSHub fallback / owned marks, unread count; Cmd/Ctrl-click
 * selects it.
 * The tree is rebuilt whenever a count moves; a row only re-renders when its own part changed.
 */
export const FeedRow = memo(FeedRowImpl, (a, b) =>
  a.node.id === b.node.id &&
  a.node.unread === b.node.unread &&
  a.node.subscription === b.node.subscription &&
  a.view === b.view &&
  a.active === b.active &&
  a.highlighted === b.highlighted &&
  a.nested === b.nested,
);

function FeedRowImpl({ node, view, active, highlighted, nested }: FeedRowProps) {
  const { t } = useTranslation("app");
  const [menuOpen, setMenuOpen] = useState(false);
  const env = useMenuEnv(menuOpen);
  const selected = useSelection((state) => state.ids.includes(node.id));
  const { subscription } = node;
  const feed = subscription.feeds;
  const title = subscriptionTitle(subscription);
  const owned = !!feed.ownerUserId && feed.ownerUserId === env.userId;

  const selectedSubscriptions = () => {
    const byKey = useSubscriptions.getState().byKey;
    return selection.targetsOf(node.id).flatMap((id) => {
      const s = byKey[id];
      return s && "feedId" in s ? [s as FeedSubscription] : [];
    });
  };

  return (
    <SidebarRow
      id={node.id}
      to={timelinePath(view, rowTarget(node))}
      title={title}
      unread={node.unread}
      active={active}
      highlighted={highlighted}
      selected={selected}
      nested={nested}
      icon={<FeedIcon image={feed.image} siteUrl={feed.siteUrl} url={feed.url} title={title} size={16} />}
      badges={
        <>
          {owned ? (
            <Hint label={t("subscriptions.owned_by_you")}>
              <BadgeCheck className="size-3.5 text-orange-500" aria-hidden />
            </Hint>
          ) : null}
          {subscription.isPrivate ? (
            <Hint label={t("subscriptions.private")}>
              <EyeOff className="size-3.5 text-zinc-400" aria-hidden />
            </Hint>
          ) : null}
          {feed.errorMessage ? (
            <Hint label={feed.errorMessage}>
              <TriangleAlert className="size-3.5 text-amber-500" aria-hidden data-testid="feed-error" />
            </Hint>
          ) : null}
          {feed.rsshubFallback ? (
            <Hint label={feed.rsshubFallback}>
              <CircleAlert className="size-3.5 text-amber-500" aria-hidden data-testid="feed-rsshub-fallback" />
            </Hint>
          ) : null}
        </>
      }
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey) {
          selection.toggle(node.id);
          return true;
        }
        selection.clear();
        layoutActions.setDrawer(false);
      }}
      onMenuOpenChange={(open) => {
        if (open && !useSelection.getState().ids.includes(node.id)) selection.clear();
        setMenuOpen(open);
      }}
      menu={() => feedMenu(subscription, env, selectedSubscriptions())}
    />
  );
}
