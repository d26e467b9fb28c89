import { useRef } from "react";
import { useLocation, useNavigate, useParams } from "react-router";
import { FocusArea } from "../hotkeys/index.ts";
import { parseTimelineId } from "../timeline/index.ts";
import { EntryArticle } from "./entry-article.tsx";
import { useEntryLoader } from "./entry-query.ts";
import { EntryStatus } from "./entry-status.tsx";
import { EntryTopBar } from "./entry-top-bar.tsx";
import { useJumpOut } from "./jump-out.tsx";
import { PrintStyle } from "./print-style.tsx";
import { useReaderHotkeys } from "./use-reader-hotkeys.ts";
import { useActionViewOnOpen, useMarkReadOnOpen, usePrintWhenReady } from "./use-open-effects.ts";

/**
 * The reading pane of `timeline/:timelineId/:feedId/:entryId`: the entry from the stores (fetched
 * when its content is missing, the stored copy offline), marked read on opening, with its
 * toolbar, keys and links that warn before leaving the app.
 */
export function EntryReaderPage() {
  const { timelineId, feedId, entryId = "" } = useParams();
  const view = parseTimelineId(timelineId) ?? 0;
  const navigate = useNavigate();
  const location = useLocation();
  const scroller = useRef<HTMLDivElement>(null);
  const { state, status, retry } = useEntryLoader(entryId);
  const onLinkClick = useJumpOut();
  const close = () => void navigate(`/timeline/${timelineId}/${feedId}${location.search}`);

  useMarkReadOnOpen(entryId, state?.read);
  useActionViewOnOpen(entryId, state?.settings);
  usePrintWhenReady(entryId, status === "ready");
  useReaderHotkeys({ entryId, view, scroller, onClose: close });

  const showArticle = state && (status === "ready" || status === "offline");
  return (
    <FocusArea area="entry-render" className="flex h-full min-h-0 flex-col bg-white dark:bg-zinc-950" aria-label={state?.entry.title ?? undefined} data-testid="entry-reader">
      <PrintStyle />
      <EntryTopBar entryId={showArticle ? entryId : null} view={view} onClose={close} />
      {showArticle ? (
        <EntryArticle key={entryId} state={state} view={view} offline={status === "offline"} scroller={scroller} onLinkClick={onLinkClick} />
      ) : (
        <div className="min-h-0 flex-1 overflow-y-auto">
          <EntryStatus status={status} onRetry={retry} />
        </div>
      )}
    </FocusArea>
  );
}
