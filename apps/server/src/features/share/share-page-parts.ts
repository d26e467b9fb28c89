import type { Entry } from "@tidings/contracts";
import { escapeHtml, formatDate, initialsOf, safeHref } from "./share-html.ts";

/** The page around a share page's content: the product's bar (home, sign in) and a column. */
export function frame(content: string, signInPath: string): string {
  return (
    `<div class="tdg-share" data-share-ssr>` +
    `<header class="tdg-bar"><a class="tdg-brand" href="/">Tidings</a>` +
    `<a class="tdg-button" href="/login?redirect=${escapeHtml(encodeURIComponent(signInPath))}">Sign in</a></header>` +
    `<main class="tdg-main">${content}</main></div>`
  );
}

/** A picture (an http(s) URL or a path here) or, without one, the initials of `name` on the accent colour. */
export function avatar(image: string | null | undefined, name: string, options: { round?: boolean; size?: number } = {}): string {
  const round = options.round ? " tdg-round" : "";
  const size = options.size ? ` style="width:${options.size}px;height:${options.size}px${options.size < 48 ? ";font-size:14px" : ""}"` : "";
  // Pictures people upload are served here, under a path of this origin.
  const src = safeHref(image) ?? (image && /^\/[^/\\]/.test(image) ? image : null);
  if (src) return `<img class="tdg-icon${round}" src="${escapeHtml(src)}" alt="" referrerpolicy="no-referrer" loading="lazy"${size} />`;
  return `<span class="tdg-badge${round}" aria-hidden="true"${size}>${escapeHtml(initialsOf(name))}</span>`;
}

/** A link to `href` (http(s) only; anything else becomes plain text). */
export function outLink(href: string | null | undefined, text: string): string {
  const url = safeHref(href);
  return url ? `<a href="${escapeHtml(url)}" rel="noopener noreferrer nofollow">${escapeHtml(text)}</a>` : escapeHtml(text);
}

/** A card with a small heading. */
export function card(heading: string, inner: string, label = heading): string {
  return `<section class="tdg-card" aria-label="${escapeHtml(label)}"><h2>${escapeHtml(heading)}</h2>${inner}</section>`;
}

/** A time element with the date as people read it. */
export function time(iso: string): string {
  return `<time datetime="${escapeHtml(iso)}">${escapeHtml(formatDate(iso))}</time>`;
}

/** The title a person reads for an entry: its title, else the start of its description. */
export function entryTitle(entry: Entry): string {
  return entry.title?.trim() || entry.description?.trim().slice(0, 120) || entry.url || "Untitled";
}

/** Entries as a list: each title to its share page, with its source and date. */
export function entryList(items: { entry: Entry; source?: string | null }[], label: string): string {
  if (items.length === 0) return `<p class="tdg-muted">No entries yet.</p>`;
  const rows = items.map(({ entry, source }) => {
    const meta = [source ? escapeHtml(source) : null, time(entry.publishedAt)].filter(Boolean).join(" · ");
    return `<li data-share-entry="${escapeHtml(entry.id)}"><a href="/share/entries/${escapeHtml(entry.id)}">${escapeHtml(entryTitle(entry))}</a><p class="tdg-muted">${meta}</p></li>`;
  });
  return `<ul class="tdg-list" aria-label="${escapeHtml(label)}">${rows.join("")}</ul>`;
}

/** Sources (feeds, lists) as a list: each with its picture, title to its share page, and a line under it. */
export function sourceList(items: { href: string; image: string | null; title: string; subtitle: string | null }[], label: string, empty: string): string {
  if (items.length === 0) return `<p class="tdg-muted">${escapeHtml(empty)}</p>`;
  const rows = items.map(
    (item) =>
      `<li class="tdg-hero" style="align-items:center">${avatar(item.image, item.title, { size: 32 })}<div>` +
      `<a href="${escapeHtml(item.href)}">${escapeHtml(item.title)}</a>` +
      (item.subtitle ? `<p class="tdg-muted">${escapeHtml(item.subtitle)}</p>` : "") +
      `</div></li>`,
  );
  return `<ul class="tdg-list" aria-label="${escapeHtml(label)}">${rows.join("")}</ul>`;
}

/** "1 follower", "12 followers". */
export function count(n: number, one: string, other: string): string {
  return `${n.toLocaleString("en")} ${n === 1 ? one : other}`;
}
