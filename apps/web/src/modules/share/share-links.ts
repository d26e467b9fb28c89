import type { FeedView } from "@tidings/contracts";

/** What the share dialog shares. */
export type ShareSubject =
  /** `url` is the original article; `feedId` null means an inbox entry, which has no public page. */
  | { kind: "entry"; id: string; title: string; url: string | null; feedId: string | null }
  | { kind: "feed"; id: string; title: string; view?: FeedView }
  | { kind: "list"; id: string; title: string }
  | { kind: "user"; id: string; title: string; handle?: string | null };

/** One link the dialog offers: the original article, or our public page. */
export interface ShareLink {
  kind: "original" | "page";
  url: string;
}

/**
 * The public page of a subject on this instance (facts §7 URL scheme, and /share/entries/:id for
 * entries of feeds), or null for an inbox entry: those are private.
 */
export function sharePageUrl(subject: ShareSubject, origin: string): string | null {
  switch (subject.kind) {
    case "entry":
      return subject.feedId ? `${origin}/share/entries/${subject.id}` : null;
    case "feed":
      return `${origin}/share/feeds/${subject.id}${subject.view !== undefined ? `?view=${subject.view}` : ""}`;
    case "list":
      return `${origin}/share/lists/${subject.id}`;
    case "user":
      return subject.handle ? `${origin}/u/${encodeURIComponent(subject.handle)}` : `${origin}/share/users/${subject.id}`;
  }
}

/** The links a subject can be shared by, the first being the one offered first. */
export function shareLinks(subject: ShareSubject, origin: string): ShareLink[] {
  const links: ShareLink[] = [];
  if (subject.kind === "entry" && subject.url && /^https?:\/\//i.test(subject.url)) links.push({ kind: "original", url: subject.url });
  const page = sharePageUrl(subject, origin);
  if (page) links.push({ kind: "page", url: page });
  return links;
}
