import type { FeedView } from "@tidings/contracts";
import i18next from "i18next";
import { modal } from "../modal/index.ts";
import { FollowForm } from "./follow-form.tsx";

/** The id of the follow dialog: opening it again brings the open one forward instead of a second. */
export const FOLLOW_DIALOG_ID = "follow";

/**
 * Opens the follow dialog (the "+" of the subscription column, quick add). `view` is preselected;
 * `url` prefills the address.
 */
export function openFollowDialog({ view, url }: { view: FeedView; url?: string }): void {
  modal.present({
    id: FOLLOW_DIALOG_ID,
    title: i18next.t("app:follow.dialog_title"),
    size: "md",
    content: ({ dismiss }) => <FollowForm view={view} {...(url ? { url } : {})} onDone={dismiss} />,
  });
}
