import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../lib/api-client.ts";
import type { SummaryRequest, SummaryResult } from "./summary-stream.ts";
import { SUMMARY_MEMORY, type SummaryFetcher, summaryActions, summaryKey, useSummaries } from "./summary.store.ts";

const request = (entryId: string, language = "en"): SummaryRequest => ({ entryId, language, target: "content" });

/** A fetcher whose answers the test hands out one by one. */
function controlled() {
  const calls: { request: SummaryRequest; onText: (text: string) => void; resolve: (value: SummaryResult | null) => void; reject: (error: unknown) => void }[] = [];
  const fetcher: SummaryFetcher = vi.fn(
    (req, onText) =>
      new Promise<SummaryResult | null>((resolve, reject) => {
        calls.push({ request: req, onText, resolve, reject });
      }),
  );
  return { fetcher, calls };
}

const instant: SummaryFetcher = async (req) => ({ summary: `Summary of ${req.entryId}`, extractive: false });

afterEach(() => summaryActions.clear());

describe("summary store (spec §4 summary generation)", () => {
  it("is pending while written, shows the text as it streams, then succeeds", async () => {
    const { fetcher, calls } = controlled();
    const done = summaryActions.request(request("1"), fetcher);
    const key = summaryKey(request("1"));
    expect(useSummaries.getState().byKey[key]).toMatchObject({ status: "pending", text: "" });
    calls[0]!.onText("The keeper");
    expect(useSummaries.getState().byKey[key]?.text).toBe("The keeper");
    calls[0]!.resolve({ summary: "The keeper retired.", extractive: true });
    await expect(done).resolves.toMatchObject({ status: "success", text: "The keeper retired.", extractive: true });
    expect(useSummaries.getState().byKey[key]).toMatchObject({ status: "success", text: "The keeper retired." });
  });

  it("shares one pending request between repeat callers, and keeps a finished summary", async () => {
    const { fetcher, calls } = controlled();
    const first = summaryActions.request(request("1"), fetcher);
    const second = summaryActions.request(request("1"), fetcher);
    expect(second).toBe(first);
    expect(fetcher).toHaveBeenCalledTimes(1);
    calls[0]!.resolve({ summary: "Done.", extractive: false });
    await first;
    await expect(summaryActions.request(request("1"), fetcher)).resolves.toMatchObject({ status: "success", text: "Done." });
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it("keeps languages and targets apart", async () => {
    const fetcher = vi.fn(instant);
    await summaryActions.request(request("1", "en"), fetcher);
    await summaryActions.request(request("1", "ja"), fetcher);
    await summaryActions.request({ ...request("1"), target: "readabilityContent" }, fetcher);
    expect(fetcher).toHaveBeenCalledTimes(3);
  });

  it("records a failure, does not ask again by itself, and asks again on retry", async () => {
    const failure = new ApiError({ method: "GET", url: "/api/ai/summary", status: 502, body: { code: 11002, message: "AI provider error", reason: "overloaded" } });
    const fetcher = vi.fn<SummaryFetcher>().mockRejectedValueOnce(failure).mockImplementation(instant);
    await expect(summaryActions.request(request("1"), fetcher)).resolves.toMatchObject({ status: "error", error: failure });
    await expect(summaryActions.request(request("1"), fetcher)).resolves.toMatchObject({ status: "error" });
    expect(fetcher).toHaveBeenCalledTimes(1);
    await expect(summaryActions.retry(request("1"), fetcher)).resolves.toMatchObject({ status: "success", text: "Summary of 1" });
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it("keeps only the 10 most recently used summaries", async () => {
    const fetcher = vi.fn(instant);
    for (let i = 1; i <= SUMMARY_MEMORY; i++) await summaryActions.request(request(String(i)), fetcher);
    // Using the first again makes the second the least recently used.
    await summaryActions.request(request("1"), fetcher);
    await summaryActions.request(request("11"), fetcher);
    const kept = Object.keys(useSummaries.getState().byKey);
    expect(kept).toHaveLength(SUMMARY_MEMORY);
    expect(kept).toContain(summaryKey(request("1")));
    expect(kept).not.toContain(summaryKey(request("2")));
    // A forgotten summary is asked for again.
    await summaryActions.request(request("2"), fetcher);
    expect(fetcher).toHaveBeenCalledTimes(12);
  });

  it("never forgets a summary that is still being written", async () => {
    const { fetcher, calls } = controlled();
    void summaryActions.request(request("pending"), fetcher);
    for (let i = 1; i <= SUMMARY_MEMORY + 2; i++) await summaryActions.request(request(String(i)), instant);
    expect(useSummaries.getState().byKey[summaryKey(request("pending"))]?.status).toBe("pending");
    expect(Object.keys(useSummaries.getState().byKey)).toHaveLength(SUMMARY_MEMORY);
    calls[0]!.resolve(null);
  });
});
