import i18next from "i18next";
import { toast } from "sonner";
import { api } from "../../lib/api-client.ts";
import { entryViewActions, useEntryView } from "../../store/entry-view.store.ts";
import { useEntries } from "../../store/entries.store.ts";
import { toastError } from "../toast/index.ts";

/** GET /entries/readability?id=: the server fetches the article once and keeps it. */
async function fetchReadability(entryId: string): Promise<string | null> {
  const { content } = await api<{ content: string | null }>("entries/readability", { query: { id: entryId } });
  return content;
}

/**
 * Switches an entry between its feed content and the full article of its page. The article is
 * fetched on first use (the reader shows a loading state meanwhile); when it cannot be had, the
 * reader goes back to the feed content and says why.
 */
export async function toggleReadability(entryId: string): Promise<void> {
  const view = useEntryView.getState();
  if (view.mode[entryId] === "readability") {
    entryViewActions.setMode(entryId, "content");
    return;
  }
  entryViewActions.setMode(entryId, "readability");
  const known = view.readability[entryId];
  if (known?.status === "ready" || known?.status === "loading") return;
  const stored = useEntries.getState().byId[entryId]?.entry.readabilityContent;
  if (stored) {
    entryViewActions.setReadability(entryId, { status: "ready", content: stored });
    return;
  }
  entryViewActions.setReadability(entryId, { status: "loading", content: null });
  const giveUp = () => {
    if (useEntryView.getState().mode[entryId] === "readability") entryViewActions.setMode(entryId, "content");
  };
  try {
    const content = await fetchReadability(entryId);
    if (!content?.trim()) {
      entryViewActions.setReadability(entryId, { status: "error", content: null });
      giveUp();
      toast.error(i18next.t("app:entry_actions.readability_empty"));
      return;
    }
    entryViewActions.setReadability(entryId, { status: "ready", content });
  } catch (error) {
    entryViewActions.setReadability(entryId, { status: "error", content: null });
    giveUp();
    toastError(error);
  }
}

/** Switches an entry between its content and its page shown inside the reader. */
export function toggleSourceContent(entryId: string): void {
  const current = useEntryView.getState().mode[entryId];
  entryViewActions.setMode(entryId, current === "source" ? "content" : "source");
}
