import type { FeedView } from "@tidings/contracts";
import clsx from "clsx";
import { ChevronRight } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { layoutActions } from "../../store/layout.store.ts";
import { timelinePath } from "../timeline/index.ts";
import { FeedRow } from "./feed-row.tsx";
import { folderState, useFolderOpen } from "./folder-state.ts";
import { useMenuEnv } from "./menu-env.tsx";
import { folderMenu } from "./menus.ts";
import { selection } from "./selection.ts";
import { SidebarRow } from "./sidebar-row.tsx";
import { type FolderNode, rowTarget } from "./subscription-tree.ts";

/**
 * A folder: a chevron that opens and closes it (remembered per view), its name and total unread;
 * clicking the name opens the folder's timeline. Its feeds follow, indented, when open; a folder
 * holding the feed being read shows open.
 */
export function FolderRow({ node, view, activeId, highlightedId }: { node: FolderNode; view: FeedView; activeId: string | null; highlightedId: string | null }) {
  const { t } = useTranslation("app");
  const env = useMenuEnv();
  const stored = useFolderOpen(view, node.id);
  const holdsActive = !!activeId && node.feedIds.includes(activeId);
  // Closing the folder of the feed being read must work too: that choice is kept here.
  const [closedByHand, setClosedByHand] = useState(false);
  const open = stored || (holdsActive && !closedByHand);

  return (
    <div role="group" aria-label={node.name}>
      <SidebarRow
        id={node.id}
        to={timelinePath(view, rowTarget(node))}
        title={node.name}
        unread={node.unread}
        active={activeId === node.id}
        highlighted={highlightedId === node.id}
        strong
        icon={
          <span
            data-chevron
            role="button"
            aria-label={open ? t("subscriptions.collapse_folder", { name: node.name }) : t("subscriptions.expand_folder", { name: node.name })}
            aria-expanded={open}
            className="-m-1 flex size-6 items-center justify-center rounded text-zinc-400 hover:bg-zinc-300/60 hover:text-zinc-700 dark:hover:bg-zinc-700 dark:hover:text-zinc-200"
          >
            <ChevronRight className={clsx("size-3.5 transition-transform duration-150", open && "rotate-90")} aria-hidden />
          </span>
        }
        onClick={(event) => {
          if ((event.target as HTMLElement).closest("[data-chevron]")) {
            folderState.set(view, node.id, !open);
            setClosedByHand(open);
            return true;
          }
          selection.clear();
          layoutActions.setDrawer(false);
        }}
        menu={() => folderMenu(node, env, (name) => activeId === node.id && env.go(view, { kind: "folder", category: name }))}
      />
      {open
        ? node.feeds.map((feed) => <FeedRow key={feed.id} node={feed} view={view} active={activeId === feed.id} highlighted={highlightedId === feed.id} nested />)
        : null}
    </div>
  );
}
