import { createHmac } from "node:crypto";

/** Where a claim code may be put: what GET /feeds/claim/message answers. */
export interface ClaimMessage {
  /** JSON Feed form of the generator tag: a top-level extension object (JSON Feed has no generator). */
  json: string;
  /** The RSS/Atom generator tag. */
  xml: string;
  /** A sentence for the feed's description. */
  description: string;
  /** The content of an item to publish. */
  content: string;
}

/** What a claim check reads of the live feed. */
export interface ClaimDocument {
  /** The decoded document, as fetched. */
  text: string;
  description: string | null;
  generator: string | null;
  entries: { title: string | null; description: string | null; content: string | null }[];
}

const CODE_PREFIX = "tidings-claim-";
/** 128 bits of the HMAC: far beyond guessing, short enough to paste. */
const CODE_HEX_CHARS = 32;

/**
 * The verification code of (user, feed): an HMAC of the instance secret, so it is the same on
 * every request, different for every user and feed, and nobody without the secret can make one.
 */
export function claimCode(secret: string, userId: string, feedId: string): string {
  const mac = createHmac("sha256", secret).update(`tidings:feed-claim:v1:${userId}:${feedId}`).digest("hex");
  return CODE_PREFIX + mac.slice(0, CODE_HEX_CHARS);
}

/** The three ways to prove ownership of a feed, each carrying the same code. */
export function claimMessage(code: string, feedId: string): ClaimMessage {
  return {
    json: `"_tidings": { "claim": "${code}" }`,
    xml: `<generator>${code}</generator>`,
    description: `This feed (${feedId}) is claimed on Tidings with the verification code ${code}.`,
    content: `Verifying ownership of this feed on Tidings: ${code}`,
  };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A `<generator>` element (any namespace prefix, any attributes) whose text contains the code. */
function generatorTagHolds(text: string, code: string): boolean {
  const tag = new RegExp(`<(?:[\\w.-]+:)?generator\\b[^>]*>[^<]*${escapeRegExp(code)}[^<]*</(?:[\\w.-]+:)?generator\\s*>`, "i");
  return tag.test(text);
}

/** JSON Feed: `"_tidings": {"claim": code}`, or a top-level `"generator"` string holding it. */
function jsonFeedHolds(text: string, code: string): boolean {
  if (!text.trimStart().startsWith("{")) return false;
  let feed: unknown;
  try {
    feed = JSON.parse(text.trimStart());
  } catch {
    return false;
  }
  if (!feed || typeof feed !== "object") return false;
  const { _tidings: extension, generator } = feed as { _tidings?: unknown; generator?: unknown };
  const claim = extension && typeof extension === "object" ? (extension as { claim?: unknown }).claim : undefined;
  return (typeof claim === "string" && claim.includes(code)) || (typeof generator === "string" && generator.includes(code));
}

/**
 * Where the code is in the feed: "description", "generator" or "item N"; null when nowhere.
 * Only places the feed's publisher writes count, never the rest of the document.
 */
export function findClaimCode(document: ClaimDocument, code: string): string | null {
  const holds = (value: string | null) => value !== null && value.includes(code);
  if (holds(document.description)) return "description";
  if (holds(document.generator) || generatorTagHolds(document.text, code) || jsonFeedHolds(document.text, code)) return "generator";
  const index = document.entries.findIndex((entry) => holds(entry.title) || holds(entry.description) || holds(entry.content));
  return index >= 0 ? `item ${index + 1}` : null;
}
