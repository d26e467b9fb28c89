import type { FeedView } from "@tidings/contracts";
import { CheckCheck, type LucideIcon, Plus, Star } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { layoutActions } from "../../store/layout.store.ts";
import { openFollowDialog } from "../follow/index.ts";
import { timelinePath } from "../timeline/index.ts";
import { FeedRow } from "./feed-row.tsx";
import { FolderRow } from "./folder-row.tsx";
import { selection } from "./selection.ts";
import { SidebarRow } from "./sidebar-row.tsx";
import { InboxRow, ListRow } from "./source-rows.tsx";
import { ALL_ROW, STARRED_ROW, type SubscriptionTree } from "./subscription-tree.ts";
import { VIEW_TONES } from "./view-tones.ts";

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="pt-3">
      <h2 className="px-4 pb-1 text-[11px] font-semibold tracking-wider text-zinc-400 uppercase dark:text-zinc-500">{title}</h2>
      {children}
    </section>
  );
}

const leave = () => {
  selection.clear();
  layoutActions.setDrawer(false);
};

/**
 * The rows of one view: All and Starred, the folders and feeds, then the lists and inboxes
 * followed in this view.
 */
export function SubscriptionList(props: { view: FeedView; tree: SubscriptionTree; activeId: string | null; highlightedId: string | null; icon: LucideIcon; empty: boolean; onMarkAllRead: () => void }) {
  const { t } = useTranslation();
  const { view, tree, activeId, highlightedId } = props;
  const ViewIcon = props.icon;
  const viewName = t(`views.${view}`);
  return (
    <div className="space-y-px py-1">
      <SidebarRow
        id={ALL_ROW}
        to={timelinePath(view, { kind: "all" })}
        title={t("app:subscriptions.all")}
        unread={tree.allUnread}
        active={activeId === ALL_ROW}
        highlighted={highlightedId === ALL_ROW}
        strong
        icon={<ViewIcon className={`size-4 ${VIEW_TONES[view].text}`} aria-hidden />}
        onClick={leave}
        menu={() => [
          {
            type: "item",
            id: "mark-read",
            icon: CheckCheck,
            label: t("app:subscriptions.menu.mark_all_read"),
            disabled: tree.nodes.length === 0,
            onSelect: props.onMarkAllRead,
          },
        ]}
      />
      <SidebarRow
        id={STARRED_ROW}
        to={timelinePath(view, { kind: "starred" })}
        title={t("app:subscriptions.starred")}
        active={activeId === STARRED_ROW}
        highlighted={highlightedId === STARRED_ROW}
        icon={<Star className="size-4 text-amber-500" aria-hidden />}
        onClick={leave}
      />
      {tree.nodes.length ? (
        <Section title={t("app:subscriptions.feeds")}>
          {tree.nodes.map((node) =>
            node.kind === "folder" ? (
              <FolderRow key={`folder:${node.id}`} node={node} view={view} activeId={activeId} highlightedId={highlightedId} />
            ) : (
              <FeedRow key={node.id} node={node} view={view} active={activeId === node.id} highlighted={highlightedId === node.id} />
            ),
          )}
        </Section>
      ) : null}
      {tree.lists.length ? (
        <Section title={t("app:subscriptions.lists")}>
          {tree.lists.map((node) => (
            <ListRow key={node.id} node={node} view={view} active={activeId === node.id} highlighted={highlightedId === node.id} />
          ))}
        </Section>
      ) : null}
      {tree.inboxes.length ? (
        <Section title={t("app:subscriptions.inboxes")}>
          {tree.inboxes.map((node) => (
            <InboxRow key={node.id} node={node} view={view} active={activeId === node.id} highlighted={highlightedId === node.id} />
          ))}
        </Section>
      ) : null}
      {props.empty ? (
        <div className="mx-4 mt-6 rounded-lg border border-dashed border-zinc-300 px-4 py-5 text-center dark:border-zinc-700">
          <p className="text-[13px] font-medium text-zinc-700 dark:text-zinc-300">{t("app:subscriptions.empty_title")}</p>
          <p className="mt-1 text-xs text-zinc-500">{t("app:subscriptions.empty_description", { view: viewName })}</p>
          <button
            type="button"
            onClick={() => openFollowDialog({ view })}
            className="mt-3 inline-flex items-center gap-1.5 rounded-md bg-orange-500 px-2.5 py-1.5 text-xs font-medium text-white shadow-sm hover:bg-orange-600"
          >
            <Plus className="size-3.5" aria-hidden />
            {t("app:subscriptions.follow")}
          </button>
        </div>
      ) : !tree.nodes.length && !tree.lists.length && !tree.inboxes.length ? (
        <p className="px-4 pt-6 text-center text-xs text-zinc-500">{t("app:subscriptions.all_read")}</p>
      ) : null}
    </div>
  );
}
