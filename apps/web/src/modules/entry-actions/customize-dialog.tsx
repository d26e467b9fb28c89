import i18next from "i18next";
import { modal } from "../modal/index.ts";
import { CustomizeToolbar } from "./customize-toolbar.tsx";

export const CUSTOMIZE_MODAL_ID = "customize-entry-toolbar";

/** Opens the dialog where a person arranges the reader toolbar and its "more" menu. */
export function openCustomizeToolbar(): void {
  modal.present({
    id: CUSTOMIZE_MODAL_ID,
    title: i18next.t("app:entry_actions.customize_title"),
    size: "md",
    content: ({ dismiss }) => <CustomizeToolbar onDone={dismiss} />,
  });
}
