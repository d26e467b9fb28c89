import { describe, expect, it } from "vitest";
import { claimCode, claimMessage, findClaimCode, type ClaimDocument } from "./feed-claim.proof.ts";

const SECRET = "s".repeat(40);
const code = claimCode(SECRET, "111", "222");
const empty: ClaimDocument = { text: "", description: null, generator: null, entries: [] };

describe("claim codes", () => {
  it("are stable per (secret, user, feed) and differ otherwise", () => {
    expect(code).toMatch(/^tidings-claim-[0-9a-f]{32}$/);
    expect(claimCode(SECRET, "111", "222")).toBe(code);
    expect(claimCode(SECRET, "112", "222")).not.toBe(code);
    expect(claimCode(SECRET, "111", "223")).not.toBe(code);
    expect(claimCode("t".repeat(40), "111", "222")).not.toBe(code);
    // The separator keeps ("11", "1222") apart from ("111", "222").
    expect(claimCode(SECRET, "11", "1222")).not.toBe(code);
  });

  it("put the same code in each of the four messages", () => {
    const message = claimMessage(code, "222");
    expect(Object.keys(message).sort()).toEqual(["content", "description", "json", "xml"]);
    for (const text of Object.values(message)) expect(text).toContain(code);
    expect(message.xml).toBe(`<generator>${code}</generator>`);
    expect(JSON.parse(`{${message.json}}`)).toEqual({ _tidings: { claim: code } });
  });
});

describe("finding a claim code", () => {
  it("finds it in the description, the generator or an item", () => {
    expect(findClaimCode({ ...empty, description: `Mine: ${code}.` }, code)).toBe("description");
    expect(findClaimCode({ ...empty, generator: code }, code)).toBe("generator");
    const entries = [
      { title: "a", description: null, content: "<p>nothing</p>" },
      { title: "b", description: null, content: `<p>${code}</p>` },
    ];
    expect(findClaimCode({ ...empty, entries }, code)).toBe("item 2");
    expect(findClaimCode({ ...empty, entries: [{ title: code, description: null, content: null }] }, code)).toBe("item 1");
  });

  it("reads generator tags from the raw document, with attributes or a namespace prefix", () => {
    expect(findClaimCode({ ...empty, text: `<channel><generator>${code}</generator></channel>` }, code)).toBe("generator");
    expect(findClaimCode({ ...empty, text: `<feed><atom:generator uri="x"> ${code} </atom:generator></feed>` }, code)).toBe("generator");
  });

  it("reads the JSON Feed extension or a generator string", () => {
    expect(findClaimCode({ ...empty, text: JSON.stringify({ version: "https://jsonfeed.org/version/1.1", _tidings: { claim: code } }) }, code)).toBe("generator");
    expect(findClaimCode({ ...empty, text: JSON.stringify({ generator: `x ${code}` }) }, code)).toBe("generator");
  });

  it("ignores the code anywhere else, and other users' codes", () => {
    expect(findClaimCode({ ...empty, text: `<channel><copyright>${code}</copyright></channel>` }, code)).toBeNull();
    expect(findClaimCode({ ...empty, text: JSON.stringify({ title: code }) }, code)).toBeNull();
    const other = claimCode(SECRET, "999", "222");
    expect(findClaimCode({ ...empty, description: other, generator: other, entries: [{ title: other, description: other, content: other }] }, code)).toBeNull();
  });
});
