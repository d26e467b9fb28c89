import { describe, expect, it } from "vitest";
import { draftOf, EMPTY_DRAFT, type InstanceDraft, validateDraft } from "./instance-draft.ts";
import { rsshubInstance } from "./test-fixtures.ts";

const draft = (over: Partial<InstanceDraft> = {}): InstanceDraft => ({ ...EMPTY_DRAFT, baseUrl: "https://rsshub.example.com", ...over });

describe("validateDraft", () => {
  it.each([
    [{ baseUrl: "" }, { baseUrl: "base_url_required" }],
    [{ baseUrl: "   " }, { baseUrl: "base_url_required" }],
    [{ baseUrl: "ftp://rsshub.example.com" }, { baseUrl: "base_url_invalid" }],
    [{ baseUrl: "https://user:pw@rsshub.example.com" }, { baseUrl: "base_url_invalid" }],
    [{ baseUrl: "https://rsshub.example.com/?key=1" }, { baseUrl: "base_url_invalid" }],
    [{ description: "x".repeat(501) }, { description: "too_long" }],
    [{ accessKey: "k".repeat(501) }, { accessKey: "too_long" }],
    [{ price: "1.5" }, { price: "price_invalid" }],
    [{ price: "-1" }, { price: "price_invalid" }],
    [{ price: "lots" }, { price: "price_invalid" }],
    [{ limitMode: "limited", limit: "" }, { userLimit: "limit_invalid" }],
    [{ limitMode: "limited", limit: "1" }, { userLimit: "limit_too_small" }],
    [{ limitMode: "limited", limit: "2000000" }, { userLimit: "limit_invalid" }],
  ] as [Partial<InstanceDraft>, Record<string, string>][])("%j → %j", (over, problems) => {
    expect(validateDraft(draft(over)).problems).toEqual(problems);
  });

  it("sends an empty price as free, Private as 0, No limit as null, and Limited as its number", () => {
    expect(validateDraft(draft()).input).toEqual({ baseUrl: "https://rsshub.example.com", description: "", price: 0, userLimit: 0 });
    expect(validateDraft(draft({ limitMode: "unlimited", price: "5" })).input).toMatchObject({ price: 5, userLimit: null });
    expect(validateDraft(draft({ limitMode: "limited", limit: "25" })).input).toMatchObject({ userLimit: 25 });
  });

  it("keeps the stored key when the field is empty, sends a new one, and null to remove it", () => {
    const id = "1800000000000000101";
    expect(validateDraft(draft(), id).input).not.toHaveProperty("accessKey");
    expect(validateDraft(draft({ accessKey: "s3cret" }), id).input).toMatchObject({ id, accessKey: "s3cret" });
    expect(validateDraft(draft({ accessKey: "s3cret", removeKey: true }), id).input).toMatchObject({ accessKey: null });
  });
});

describe("draftOf", () => {
  it("fills the form from an instance, the key left empty", () => {
    const mine = rsshubInstance({ isOwner: true, baseUrl: "https://mine.example", accessKey: "k", price: 3, userLimit: 12 });
    expect(draftOf(mine)).toEqual({ baseUrl: "https://mine.example", accessKey: "", removeKey: false, description: "Harbour RSSHub", price: "3", limitMode: "limited", limit: "12" });
    expect(draftOf(rsshubInstance({ userLimit: 1 })).limitMode).toBe("private");
    expect(draftOf(rsshubInstance({ userLimit: null })).limitMode).toBe("unlimited");
  });
});
