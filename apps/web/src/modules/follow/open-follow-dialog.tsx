import type { FeedView } from "@tidings/contracts";
import i18next from "i18next";
import { modal } from "../modal/index.ts";
import { FollowForm } from "./follow-form.tsx";
import { QuickAdd } from "./quick-add.tsx";

/** The id of the follow dialog: opening it again brings the open one forward instead of a second. */
export const FOLLOW_DIALOG_ID = "follow";
/** The id of the quick add dialog. */
export const QUICK_ADD_DIALOG_ID = "quick-add";

/**
 * Opens the follow dialog (the "+" of the subscription column, quick add, discover). `view` is
 * preselected; `url` prefills the address; `listId` follows that list instead of a feed.
 */
export function openFollowDialog({ view, url, listId }: { view: FeedView; url?: string; listId?: string }): void {
  modal.present({
    id: FOLLOW_DIALOG_ID,
    title: i18next.t(listId ? "app:follow.list_dialog_title" : "app:follow.dialog_title"),
    size: "md",
    content: ({ dismiss }) => <FollowForm view={view} {...(url ? { url } : {})} {...(listId ? { listId } : {})} onDone={dismiss} />,
  });
}

/** Opens quick add (Ctrl/Cmd+N): a feed goes on to the follow dialog, a site lists the feeds it has. */
export function openQuickAdd({ view }: { view: FeedView }): void {
  modal.present({
    id: QUICK_ADD_DIALOG_ID,
    title: i18next.t("app:follow.quick_add_title"),
    size: "md",
    content: ({ dismiss }) => (
      <QuickAdd
        onFeed={(url) => {
          dismiss();
          openFollowDialog({ view, url });
        }}
      />
    ),
  });
}
