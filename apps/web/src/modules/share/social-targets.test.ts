import { describe, expect, it } from "vitest";
import { shareLinks, sharePageUrl } from "./share-links.ts";
import { SOCIAL_TARGETS } from "./social-targets.ts";

const share = { url: "https://harbour.example/a?b=1&c=2#top", title: `Tides & "boats" 潮汐 #1` };
const intentOf = (id: string, input = share) => SOCIAL_TARGETS.find((target) => target.id === id)!.intent(input);

describe("social intent URLs", () => {
  it.each([
    ["x", "https://x.com/intent/tweet?text=Tides%20%26%20%22boats%22%20%E6%BD%AE%E6%B1%90%20%231&url=https%3A%2F%2Fharbour.example%2Fa%3Fb%3D1%26c%3D2%23top"],
    ["facebook", "https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fharbour.example%2Fa%3Fb%3D1%26c%3D2%23top"],
    ["linkedin", "https://www.linkedin.com/sharing/share-offsite/?url=https%3A%2F%2Fharbour.example%2Fa%3Fb%3D1%26c%3D2%23top"],
    ["reddit", "https://www.reddit.com/submit?url=https%3A%2F%2Fharbour.example%2Fa%3Fb%3D1%26c%3D2%23top&title=Tides%20%26%20%22boats%22%20%E6%BD%AE%E6%B1%90%20%231"],
    ["telegram", "https://t.me/share/url?url=https%3A%2F%2Fharbour.example%2Fa%3Fb%3D1%26c%3D2%23top&text=Tides%20%26%20%22boats%22%20%E6%BD%AE%E6%B1%90%20%231"],
    ["whatsapp", "https://api.whatsapp.com/send?text=Tides%20%26%20%22boats%22%20%E6%BD%AE%E6%B1%90%20%231%20https%3A%2F%2Fharbour.example%2Fa%3Fb%3D1%26c%3D2%23top"],
    ["weibo", "https://service.weibo.com/share/share.php?url=https%3A%2F%2Fharbour.example%2Fa%3Fb%3D1%26c%3D2%23top&title=Tides%20%26%20%22boats%22%20%E6%BD%AE%E6%B1%90%20%231"],
    ["hackernews", "https://news.ycombinator.com/submitlink?u=https%3A%2F%2Fharbour.example%2Fa%3Fb%3D1%26c%3D2%23top&t=Tides%20%26%20%22boats%22%20%E6%BD%AE%E6%B1%90%20%231"],
    ["email", "mailto:?subject=Tides%20%26%20%22boats%22%20%E6%BD%AE%E6%B1%90%20%231&body=Tides%20%26%20%22boats%22%20%E6%BD%AE%E6%B1%90%20%231%20https%3A%2F%2Fharbour.example%2Fa%3Fb%3D1%26c%3D2%23top"],
  ])("%s", (id, expected) => {
    expect(intentOf(id)).toBe(expected);
  });

  it("round-trips the link and title through each service's parameters", () => {
    for (const target of SOCIAL_TARGETS.filter((target) => target.id !== "email")) {
      const params = new URL(target.intent(share)).searchParams;
      const values = [...params.values()];
      expect(values.some((value) => value.includes(share.url)), target.id).toBe(true);
      if (!["facebook", "linkedin"].includes(target.id)) expect(values.some((value) => value.includes(share.title)), target.id).toBe(true);
    }
  });

  it("leaves out an empty title instead of sending an empty parameter", () => {
    expect(intentOf("x", { url: "https://a.example/", title: "" })).toBe("https://x.com/intent/tweet?url=https%3A%2F%2Fa.example%2F");
    expect(intentOf("whatsapp", { url: "https://a.example/", title: "" })).toBe("https://api.whatsapp.com/send?text=https%3A%2F%2Fa.example%2F");
    expect(intentOf("email", { url: "https://a.example/", title: "" })).toBe("mailto:?body=https%3A%2F%2Fa.example%2F");
  });

  it("points every web target at https", () => {
    for (const target of SOCIAL_TARGETS) expect(target.intent(share)).toMatch(target.id === "email" ? /^mailto:\?/ : /^https:\/\//);
  });
});

describe("share links", () => {
  const origin = "https://tidings.example";

  it("offers an entry's original article first, then its page here; an inbox entry only its original", () => {
    expect(shareLinks({ kind: "entry", id: "19", title: "T", url: "https://a.example/1", feedId: "18" }, origin)).toEqual([
      { kind: "original", url: "https://a.example/1" },
      { kind: "page", url: "https://tidings.example/share/entries/19" },
    ]);
    expect(shareLinks({ kind: "entry", id: "19", title: "T", url: null, feedId: "18" }, origin)).toEqual([{ kind: "page", url: "https://tidings.example/share/entries/19" }]);
    expect(shareLinks({ kind: "entry", id: "19", title: "T", url: "https://a.example/1", feedId: null }, origin)).toEqual([{ kind: "original", url: "https://a.example/1" }]);
    expect(shareLinks({ kind: "entry", id: "19", title: "T", url: "javascript:alert(1)", feedId: null }, origin)).toEqual([]);
  });

  it("gives the public page of a feed (with its view), a list and a person (by handle when there is one)", () => {
    expect(sharePageUrl({ kind: "feed", id: "18", title: "F", view: 2 }, origin)).toBe("https://tidings.example/share/feeds/18?view=2");
    expect(sharePageUrl({ kind: "feed", id: "18", title: "F" }, origin)).toBe("https://tidings.example/share/feeds/18");
    expect(sharePageUrl({ kind: "list", id: "17", title: "L" }, origin)).toBe("https://tidings.example/share/lists/17");
    expect(sharePageUrl({ kind: "user", id: "u1", title: "Ann", handle: "ann" }, origin)).toBe("https://tidings.example/u/ann");
    expect(sharePageUrl({ kind: "user", id: "u1", title: "Ann", handle: null }, origin)).toBe("https://tidings.example/share/users/u1");
  });
});
