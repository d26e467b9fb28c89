import { describe, expect, it } from "vitest";
import { checkNewQuery } from "./use-check-new.ts";

describe("asking for new entries (GET /entries/check-new)", () => {
  const after = "2025-03-10T12:00:00.000Z";
  it("names the scope the way the server reads it", () => {
    expect(checkNewQuery({ view: 2, unreadOnly: true }, after)).toBe("insertedAfter=2025-03-10T12%3A00%3A00.000Z&view=2&read=false");
    expect(checkNewQuery({ view: 0, unreadOnly: false, feedIds: ["11"] }, after)).toBe("insertedAfter=2025-03-10T12%3A00%3A00.000Z&feedId=11");
    expect(checkNewQuery({ view: 0, unreadOnly: false, feedIds: ["11", "12"] }, after)).toBe("insertedAfter=2025-03-10T12%3A00%3A00.000Z&feedIdList=11&feedIdList=12");
    expect(checkNewQuery({ view: 0, unreadOnly: false, listId: "7" }, after)).toBe("insertedAfter=2025-03-10T12%3A00%3A00.000Z&listId=7");
  });

  it("does not ask for stars, inboxes or an empty folder", () => {
    expect(checkNewQuery({ view: 0, unreadOnly: false, starred: true }, after)).toBeNull();
    expect(checkNewQuery({ view: 0, unreadOnly: false, inboxId: "box" }, after)).toBeNull();
    expect(checkNewQuery({ view: 0, unreadOnly: false, feedIds: [] }, after)).toBeNull();
  });
});
