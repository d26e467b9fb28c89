import i18next from "i18next";
import { modal } from "../modal/index.ts";
import { SearchPalette } from "./search-palette.tsx";

/** The id of the search palette: opening it again while it is open closes it. */
export const SEARCH_DIALOG_ID = "search";

/** Opens the search palette (Cmd/Ctrl+K, "/", the sidebar's search button), or closes it when open. */
export function toggleSearch(): void {
  if (modal.isOpen(SEARCH_DIALOG_ID)) return modal.dismiss(SEARCH_DIALOG_ID);
  modal.present({
    id: SEARCH_DIALOG_ID,
    label: i18next.t("app:search.label"),
    size: "lg",
    draggable: false,
    content: ({ dismiss }) => <SearchPalette onDone={dismiss} />,
  });
}
