import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { timelineItem } from "../../../test/helpers/entries.ts";
import { entriesActions } from "../../store/entries.store.ts";
import { entryViewActions, useEntryView } from "../../store/entry-view.store.ts";
import { toggleReadability, toggleSourceContent } from "./readability.ts";

vi.mock("../toast/index.ts", () => ({ toastError: vi.fn() }));

function answer(status: number, data: unknown) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(status < 300 ? { code: 0, data } : { code: 2002, message: "Fetch failed" }), { status }));
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

let id: string;
beforeEach(() => {
  entriesActions.clear();
  entryViewActions.clear();
  const item = timelineItem();
  entriesActions.upsertItems([item]);
  id = item.entries.id;
});
afterEach(() => vi.unstubAllGlobals());

describe("toggleReadability", () => {
  it("fetches the article once (GET /entries/readability) and toggles back and forth", async () => {
    const fetch = answer(200, { content: "<p>The whole article</p>" });
    const pending = toggleReadability(id);
    expect(useEntryView.getState().mode[id]).toBe("readability");
    expect(useEntryView.getState().readability[id]?.status).toBe("loading");
    await pending;
    expect(useEntryView.getState().readability[id]).toEqual({ status: "ready", content: "<p>The whole article</p>" });
    expect(String((fetch.mock.calls[0] as unknown as [string])[0])).toBe(`/api/entries/readability?id=${id}`);
    await toggleReadability(id);
    expect(useEntryView.getState().mode[id]).toBeUndefined();
    await toggleReadability(id);
    expect(useEntryView.getState().mode[id]).toBe("readability");
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("goes back to the feed content when the article cannot be fetched", async () => {
    answer(502, null);
    await toggleReadability(id);
    expect(useEntryView.getState().mode[id]).toBeUndefined();
    expect(useEntryView.getState().readability[id]?.status).toBe("error");
  });

  it("source content toggles independently of the fetch", () => {
    toggleSourceContent(id);
    expect(useEntryView.getState().mode[id]).toBe("source");
    toggleSourceContent(id);
    expect(useEntryView.getState().mode[id]).toBeUndefined();
  });
});
