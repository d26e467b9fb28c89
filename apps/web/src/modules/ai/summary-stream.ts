import { isApiErrorBody } from "@tidings/contracts";
import { ApiError, apiResponse } from "../../lib/api-client.ts";
import { readEventStream } from "../../lib/sse.ts";

/** Which text of an entry a summary is of: the feed's content, or the readability article. */
export type SummaryTarget = "content" | "readabilityContent";

export interface SummaryRequest {
  entryId: string;
  language: string;
  target: SummaryTarget;
}

/** A finished summary; `extractive` when it is sentences picked from the text (no provider). */
export interface SummaryResult {
  summary: string;
  extractive: boolean;
}

/** An event's data as JSON; undefined when it is not JSON. */
const json = (data: string): unknown => {
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
};

/**
 * `GET /ai/summary?…&stream=1`: the summary as it is written, `onText` hearing the text so far
 * after each piece. Answers null when the entry is too short to summarise; a failure on the way
 * (an `error` event) throws an {@link ApiError} like any failed call.
 */
export async function streamSummary(request: SummaryRequest, onText: (text: string) => void, signal?: AbortSignal): Promise<SummaryResult | null> {
  const query = { id: request.entryId, language: request.language, target: request.target, stream: 1 };
  const response = await apiResponse("ai/summary", { query, ...(signal ? { signal } : {}) });
  if (!response.headers.get("content-type")?.includes("text/event-stream")) {
    // A summary that needs no writing (too short: null) may come as a plain envelope.
    const body = (await response.json().catch(() => undefined)) as { data?: unknown } | undefined;
    return typeof body?.data === "string" && body.data ? { summary: body.data, extractive: false } : null;
  }
  let text = "";
  let result: SummaryResult | null = null;
  let done = false;
  let failure: ApiError | null = null;
  await readEventStream(response, ({ event, data }) => {
    const payload = json(data) as Record<string, unknown> | undefined;
    if (event === "delta" && typeof payload?.text === "string") {
      text += payload.text;
      onText(text);
    } else if (event === "done") {
      done = true;
      const summary = typeof payload?.summary === "string" ? payload.summary : text;
      result = summary.trim() ? { summary, extractive: payload?.extractive === true } : null;
    } else if (event === "error") {
      failure = new ApiError({ method: "GET", url: response.url, status: response.status, ...(isApiErrorBody(payload) ? { body: payload } : {}) });
    }
  });
  if (failure) throw failure;
  // The connection closed before the summary was finished: a failure, retried like one.
  if (!done) throw new ApiError({ method: "GET", url: response.url, status: response.status, statusText: "Summary interrupted" });
  return result;
}
