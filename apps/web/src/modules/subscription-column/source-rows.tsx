import type { FeedView } from "@tidings/contracts";
import { Inbox } from "lucide-react";
import { FeedIcon } from "../../components/feed-icon.tsx";
import { layoutActions } from "../../store/layout.store.ts";
import { subscriptionTitle } from "../../store/subscriptions.store.ts";
import { timelinePath } from "../timeline/index.ts";
import { useMenuEnv } from "./menu-env.tsx";
import { inboxMenu, listMenu } from "./menus.ts";
import { selection } from "./selection.ts";
import { SidebarRow } from "./sidebar-row.tsx";
import { type InboxNode, type ListNode, rowTarget } from "./subscription-tree.ts";

const leave = () => {
  selection.clear();
  layoutActions.setDrawer(false);
};

/** A followed list. */
export function ListRow({ node, view, active, highlighted }: { node: ListNode; view: FeedView; active: boolean; highlighted: boolean }) {
  const env = useMenuEnv();
  const { subscription } = node;
  const title = subscriptionTitle(subscription);
  return (
    <SidebarRow
      id={node.id}
      to={timelinePath(view, rowTarget(node))}
      title={title}
      unread={node.unread}
      active={active}
      highlighted={highlighted}
      icon={<FeedIcon image={subscription.lists.image} title={title} size={16} />}
      onClick={leave}
      menu={() => listMenu(subscription, env)}
    />
  );
}

/** One of the reader's inboxes. */
export function InboxRow({ node, view, active, highlighted }: { node: InboxNode; view: FeedView; active: boolean; highlighted: boolean }) {
  const env = useMenuEnv();
  const { subscription } = node;
  return (
    <SidebarRow
      id={node.id}
      to={timelinePath(view, rowTarget(node))}
      title={subscriptionTitle(subscription)}
      unread={node.unread}
      active={active}
      highlighted={highlighted}
      icon={<Inbox className="size-4 text-sky-500" aria-hidden />}
      onClick={leave}
      menu={() => inboxMenu(subscription, env)}
    />
  );
}
