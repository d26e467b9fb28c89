import { sanitizeHtml } from "../../content/sanitize/sanitize.ts";
import { type ActionOutcome, type ActionSubject, rewrite } from "./action-engine.ts";
import type { ActionEntryRow } from "./actions.repo.ts";

// Entry rows as rules see them, and what rules make of them: rewritten HTML, webhook bodies.

const HTML_SPECIAL = /[&<>"]/g;
const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };
const escapeHtml = (text: string) => text.replace(HTML_SPECIAL, (c) => HTML_ESCAPES[c]!);

/**
 * Rewrite rules applied to sanitised HTML: the texts are matched and written escaped, as the
 * HTML holds them, and the result is sanitised again, so that no rule can add markup.
 */
export function rewriteHtml(html: string, rules: ActionOutcome["rewriteRules"]): string {
  const rewritten = rewrite(html, rules.map((rule) => ({ from: escapeHtml(rule.from), to: escapeHtml(rule.to) })));
  return rewritten === html ? html : sanitizeHtml(rewritten);
}

export const iso = (value: string | Date) => (value instanceof Date ? value : new Date(value)).toISOString();

export function subjectOf(row: ActionEntryRow): ActionSubject {
  return {
    view: row.view,
    feedTitle: row.feed_title,
    category: row.category,
    siteUrl: row.site_url,
    feedUrl: row.feed_url,
    entryTitle: row.title,
    entryContent: row.content,
    entryUrl: row.url,
    entryAuthor: row.author,
    mediaLength: row.media_length,
    publishedAt: new Date(row.published_at),
  };
}

/** The JSON a webhook receives for an entry. */
export function webhookPayload(row: ActionEntryRow, rule: string, now: Date): string {
  return JSON.stringify({
    event: "entry.matched",
    rule,
    sentAt: now.toISOString(),
    entry: { id: row.entry_id, title: row.title, url: row.url, author: row.author, publishedAt: iso(row.published_at), content: row.content },
    feed: row.feed_id ? { id: row.feed_id, title: row.feed_title, siteUrl: row.site_url, url: row.feed_url } : null,
    view: row.view,
  });
}
