import { create } from "zustand";
import { streamSummary, type SummaryRequest, type SummaryResult } from "./summary-stream.ts";

/** Spec §3/§4: a summary is pending, done or failed, per entry, language and target. */
export type SummaryStatus = "pending" | "success" | "error";

export interface SummaryState {
  status: SummaryStatus;
  /** The text so far while pending; the summary once done ("" when the entry is too short for one). */
  text: string;
  extractive: boolean;
  error: unknown;
}

/** Spec §9: only the 10 most recently used summaries stay in memory. */
export const SUMMARY_MEMORY = 10;

export type SummaryFetcher = (request: SummaryRequest, onText: (text: string) => void) => Promise<SummaryResult | null>;

export const summaryKey = ({ entryId, language, target }: SummaryRequest): string => `${entryId}|${language}|${target}`;

interface SummariesState {
  byKey: Record<string, SummaryState>;
  /** Keys, least recently used first. */
  recent: string[];
}

/** The summaries of this session, kept outside the reader so that coming back to an entry shows its summary at once. */
export const useSummaries = create<SummariesState>(() => ({ byKey: {}, recent: [] }));

/** One request per key at a time: repeat callers share it (spec §4). */
const inflight = new Map<string, Promise<SummaryState>>();

/** Marks a key as just used and forgets the least recently used beyond the limit (never a pending one). */
function put(key: string, value: SummaryState | null): void {
  useSummaries.setState((state) => {
    const byKey = { ...state.byKey };
    if (value) byKey[key] = value;
    const recent = [...state.recent.filter((k) => k !== key), key];
    let excess = recent.length - SUMMARY_MEMORY;
    for (let i = 0; excess > 0 && i < recent.length; ) {
      const candidate = recent[i]!;
      if (candidate !== key && byKey[candidate]?.status !== "pending") {
        recent.splice(i, 1);
        delete byKey[candidate];
        excess -= 1;
      } else i += 1;
    }
    return { byKey, recent };
  });
}

/** Changes a key's state in place, if it is still kept. */
function patch(key: string, change: Partial<SummaryState>): void {
  useSummaries.setState((state) => {
    const known = state.byKey[key];
    return known ? { byKey: { ...state.byKey, [key]: { ...known, ...change } } } : state;
  });
}

function start(request: SummaryRequest, fetcher: SummaryFetcher): Promise<SummaryState> {
  const key = summaryKey(request);
  put(key, { status: "pending", text: "", extractive: false, error: null });
  const work = fetcher(request, (text) => patch(key, { text })).then(
    (result): SummaryState => ({ status: "success", text: result?.summary ?? "", extractive: result?.extractive ?? false, error: null }),
    (error: unknown): SummaryState => ({ status: "error", text: "", extractive: false, error }),
  );
  const settled = work.then((state) => {
    inflight.delete(key);
    if (useSummaries.getState().byKey[key]) patch(key, state);
    return state;
  });
  inflight.set(key, settled);
  return settled;
}

export const summaryActions = {
  /**
   * The summary of a request: the one in memory, the one being written (shared), or a new one.
   * A failed one stays failed until {@link summaryActions.retry}. Never rejects: failures are a state.
   */
  request(request: SummaryRequest, fetcher: SummaryFetcher = streamSummary): Promise<SummaryState> {
    const key = summaryKey(request);
    const shared = inflight.get(key);
    const known = useSummaries.getState().byKey[key];
    if (shared || known) {
      put(key, null);
      return shared ?? Promise.resolve(known!);
    }
    return start(request, fetcher);
  },

  /** Asks again after a failure (a summary being written is shared, a finished one kept). */
  retry(request: SummaryRequest, fetcher: SummaryFetcher = streamSummary): Promise<SummaryState> {
    const key = summaryKey(request);
    if (useSummaries.getState().byKey[key]?.status !== "error") return summaryActions.request(request, fetcher);
    return start(request, fetcher);
  },

  clear(): void {
    inflight.clear();
    useSummaries.setState({ byKey: {}, recent: [] });
  },
};
