import type { FeedSubscription, ListSubscription } from "@tidings/contracts";
import type { Shared, SharedEntry, SharedFeed, SharedList, SharedUser } from "./share.service.ts";
import { escapeHtml, hostOf, plainText, safeHref, truncate } from "./share-html.ts";
import type { PageMeta } from "./share-meta.ts";
import { avatar, card, count, entryList, entryTitle, frame, outLink, sourceList, time } from "./share-page-parts.ts";

/** A share page: what previews read, and what the page shows before the client takes over. */
export interface SharePage {
  meta: PageMeta;
  body: string;
}

/** Where pages and pictures live: the instance's public URL (WEB_URL). */
export interface PageContext {
  webUrl: string;
}

const DESCRIPTION_CHARS = 200;
const MAX_SOURCES = 100;

const pictureOf = (context: PageContext, kind: string, id: string, version: string) =>
  `${context.webUrl}/og/${kind}/${encodeURIComponent(id)}?v=${encodeURIComponent(version)}`;

export function entryPage({ data, version }: Shared<SharedEntry>, context: PageContext): SharePage {
  const { entry, feed } = data;
  const title = entryTitle(entry);
  const feedTitle = feed.title ?? hostOf(feed.siteUrl ?? feed.url) ?? feed.url;
  const path = `/share/entries/${entry.id}`;
  const content = entry.content?.trim() ? entry.content : entry.description ? `<p>${escapeHtml(entry.description)}</p>` : "";
  // Pictures the feed gives beside the text (social posts, galleries), unless the text shows them.
  const photos = /<img\b/i.test(content) ? [] : (entry.media ?? []).filter((media) => media.type === "photo" && safeHref(media.url)).slice(0, 4);
  const original = safeHref(entry.url);
  const byline = [entry.author ? escapeHtml(entry.author) : null, time(entry.publishedAt)].filter(Boolean).join(" · ");
  const body =
    `<article class="tdg-card" data-share-entry="${escapeHtml(entry.id)}">` +
    `<a class="tdg-hero" style="align-items:center;text-decoration:none;margin-bottom:16px" href="/share/feeds/${escapeHtml(feed.id)}">${avatar(feed.image, feedTitle, { size: 32 })}<span>${escapeHtml(feedTitle)}</span></a>` +
    `<h1>${original ? outLink(original, title) : escapeHtml(title)}</h1>` +
    `<p class="tdg-muted">${byline}</p>` +
    `<div class="tdg-content" style="margin-top:16px">${content}${photos.map((photo) => `<p><img src="${escapeHtml(photo.url)}" alt="" loading="lazy" referrerpolicy="no-referrer" /></p>`).join("")}</div>` +
    `</article>` +
    `<section class="tdg-card tdg-actions" aria-label="Follow">` +
    `<a class="tdg-button" href="/share/feeds/${escapeHtml(feed.id)}">Follow ${escapeHtml(feedTitle)}</a>` +
    (original ? outLink(original, "Read the original") : "") +
    `</section>`;
  return {
    meta: {
      title,
      description: plainText(entry.description || entry.content, DESCRIPTION_CHARS) || feedTitle,
      url: `${context.webUrl}${path}`,
      image: pictureOf(context, "entries", entry.id, version),
      type: "article",
      extra: [["article:published_time", entry.publishedAt], ["article:section", feedTitle], ...(entry.author ? [["article:author", entry.author] as [string, string]] : [])],
    },
    body: frame(body, path),
  };
}

export function feedPage({ data, version }: Shared<SharedFeed>, context: PageContext): SharePage {
  const { feed, entries, subscriptionCount } = data;
  const title = feed.title ?? hostOf(feed.siteUrl ?? feed.url) ?? feed.url;
  const path = `/share/feeds/${feed.id}`;
  const site = safeHref(feed.siteUrl);
  const hero =
    `<section class="tdg-card" aria-label="${escapeHtml(title)}"><div class="tdg-hero">${avatar(feed.image, title)}<div>` +
    `<h1>${escapeHtml(title)}</h1><p class="tdg-muted">${site ? outLink(site, hostOf(site) ?? site) : escapeHtml(feed.url)}</p></div></div>` +
    (feed.description ? `<p class="tdg-text">${escapeHtml(feed.description)}</p>` : "") +
    `<p class="tdg-muted" style="margin-top:12px">${count(subscriptionCount, "follower", "followers")}</p></section>`;
  return {
    meta: {
      title,
      description: plainText(feed.description, DESCRIPTION_CHARS) || `Follow ${truncate(title, 80)} on Tidings.`,
      url: `${context.webUrl}${path}`,
      image: pictureOf(context, "feeds", feed.id, version),
      type: "website",
    },
    body: frame(hero + card("Latest entries", entryList(entries.map((entry) => ({ entry })), "Latest entries")), path),
  };
}

export function listPage({ data, version }: Shared<SharedList>, context: PageContext): SharePage {
  const { list, entries, feedCount, subscriptionCount } = data;
  const path = `/share/lists/${list.id}`;
  const ownerName = list.owner ? (list.owner.name ?? list.owner.handle ?? "Someone") : null;
  const hero =
    `<section class="tdg-card" aria-label="${escapeHtml(list.title)}"><div class="tdg-hero">${avatar(list.image, list.title)}<div>` +
    `<h1>${escapeHtml(list.title)}</h1>` +
    (list.owner && ownerName ? `<p class="tdg-muted">List by <a href="/share/users/${escapeHtml(list.owner.id)}">${escapeHtml(ownerName)}</a></p>` : "") +
    `</div></div>` +
    (list.description ? `<p class="tdg-text">${escapeHtml(list.description)}</p>` : "") +
    `<p class="tdg-muted" style="margin-top:12px">${count(subscriptionCount, "follower", "followers")} · ${count(feedCount, "feed", "feeds")}</p></section>`;
  const feeds = (list.feeds ?? []).slice(0, MAX_SOURCES).map((feed) => ({
    href: `/share/feeds/${feed.id}`,
    image: feed.image,
    title: feed.title ?? feed.url,
    subtitle: hostOf(feed.siteUrl ?? feed.url),
  }));
  const latest = entryList(entries.map((item) => ({ entry: item.entries, source: item.feeds.title })), "Latest entries");
  return {
    meta: {
      title: list.title,
      description: plainText(list.description, DESCRIPTION_CHARS) || `A list of ${count(feedCount, "feed", "feeds")}${ownerName ? ` by ${ownerName}` : ""} on Tidings.`,
      url: `${context.webUrl}${path}`,
      image: pictureOf(context, "lists", list.id, version),
      type: "website",
    },
    body: frame(hero + card("Feeds in this list", sourceList(feeds, "Feeds in this list", "This list has no feeds yet.")) + card("Latest entries", latest), path),
  };
}

export function userPage({ data, version }: Shared<SharedUser>, context: PageContext): SharePage {
  const { user, subscriptions } = data;
  const name = user.name ?? user.handle ?? "Someone";
  const path = `/share/users/${user.id}`;
  const website = safeHref(user.website);
  const hero =
    `<section class="tdg-card" aria-label="${escapeHtml(name)}"><div class="tdg-hero">${avatar(user.image, name, { round: true })}<div>` +
    `<h1>${escapeHtml(name)}</h1>` +
    (user.handle ? `<p class="tdg-muted">@${escapeHtml(user.handle)}</p>` : "") +
    (user.bio ? `<p class="tdg-text">${escapeHtml(user.bio)}</p>` : "") +
    (website ? `<p class="tdg-muted" style="margin-top:8px">${outLink(website, hostOf(website) ?? website)}</p>` : "") +
    `</div></div></section>`;
  const feeds = subscriptions.filter((s): s is FeedSubscription => "feedId" in s).slice(0, MAX_SOURCES);
  const lists = subscriptions.filter((s): s is ListSubscription => "listId" in s).slice(0, MAX_SOURCES);
  const feedItems = feeds.map((s) => ({ href: `/share/feeds/${s.feeds.id}`, image: s.feeds.image, title: s.title ?? s.feeds.title ?? s.feeds.url, subtitle: hostOf(s.feeds.siteUrl ?? s.feeds.url) }));
  const listItems = lists.map((s) => ({ href: `/share/lists/${s.lists.id}`, image: s.lists.image, title: s.title ?? s.lists.title, subtitle: count(s.lists.feedIds.length, "feed", "feeds") }));
  return {
    meta: {
      title: user.handle ? `${name} (@${user.handle})` : name,
      description: plainText(user.bio, DESCRIPTION_CHARS) || `${truncate(name, 80)} on Tidings: ${count(feeds.length, "public feed", "public feeds")}, ${count(lists.length, "public list", "public lists")}.`,
      url: `${context.webUrl}${path}`,
      image: pictureOf(context, "users", user.id, version),
      type: "profile",
      extra: user.handle ? [["profile:username", user.handle]] : [],
    },
    body: frame(hero + card("Public feeds", sourceList(feedItems, "Public feeds", "No public feeds.")) + card("Public lists", sourceList(listItems, "Public lists", "No public lists.")), path),
  };
}

/** Answered with status 404 for an unknown (or private) entry, feed, list or person. */
export function notFoundPage(path: string, context: PageContext): SharePage {
  const body = `<section class="tdg-card" role="alert"><h1>Nothing here</h1><p class="tdg-text">There is no such page, or it is not public.</p><p class="tdg-actions" style="margin-top:16px"><a class="tdg-button" href="/">Back to Tidings</a></p></section>`;
  return {
    meta: { title: "Not found", description: "There is no such page, or it is not public.", url: `${context.webUrl}${path}`, image: null, type: "website", noindex: true },
    body: frame(body, path),
  };
}
