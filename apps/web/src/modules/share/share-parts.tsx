import type { Entry, FeedView } from "@tidings/contracts";
import { Check, ExternalLink, Plus, SearchX, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useQuery } from "@tanstack/react-query";
import { Link, useLocation } from "react-router";
import { FeedIcon } from "../../components/feed-icon.tsx";
import { formatRelative } from "../../lib/format.ts";
import { sessionQuery } from "../../queries/session.ts";
import { useSubscriptions } from "../../store/subscriptions.store.ts";
import { openFollowDialog } from "../follow/index.ts";
import { timelinePath, type TimelineTarget } from "../timeline/index.ts";
import { isNotFound, shareErrorText } from "./share-api.ts";

/** The page body's width: a share page reads like a profile card, not a full-width table. */
export function ShareBody({ children }: { children: ReactNode }) {
  return <div className="flex max-w-3xl flex-col gap-6">{children}</div>;
}

/** A bordered card, like discover's result cards. */
export function Card({ children, label, className = "" }: { children: ReactNode; label?: string; className?: string }) {
  return (
    <section aria-label={label} className={`rounded-xl border border-zinc-200 bg-white p-5 shadow-xs dark:border-zinc-800 dark:bg-zinc-900/60 ${className}`}>
      {children}
    </section>
  );
}

/** A card's small heading. */
export function CardHeading({ children }: { children: ReactNode }) {
  return <h2 className="mb-3 text-xs font-semibold uppercase tracking-wide text-zinc-500">{children}</h2>;
}

/** One number with its label (followers, updates per week, feeds). */
export function Stat({ value, label }: { value: string; label: string }) {
  return (
    <div className="flex flex-col">
      <span className="text-lg font-semibold tabular-nums">{value}</span>
      <span className="text-xs text-zinc-500">{label}</span>
    </div>
  );
}

/** What a Follow button follows, and where its timeline is once followed. */
export type ShareTarget = { kind: "feed"; id: string; url: string; view: FeedView } | { kind: "list"; id: string; view: FeedView };

/**
 * Follow, or "Following" with Open once followed. Following opens the follow dialog prefilled
 * (the reader picks view, category, privacy); the subscriptions store says whether it is followed,
 * so the button turns as soon as the dialog succeeds. `initiallyFollowed` covers the moment before
 * the store is loaded. A visitor who is not signed in is sent to sign in, and back here after.
 */
export function FollowAction({ target, title, initiallyFollowed = false, size = "md" }: { target: ShareTarget; title: string; initiallyFollowed?: boolean; size?: "sm" | "md" }) {
  const { t } = useTranslation("app");
  const subscription = useSubscriptions((state) => state.byKey[target.id]);
  const loaded = useSubscriptions((state) => state.loaded);
  const { data: session, isPending: sessionPending } = useQuery(sessionQuery);
  const location = useLocation();
  const followed = loaded ? !!subscription : initiallyFollowed;
  const pad = size === "sm" ? "px-2.5 py-1 text-xs" : "px-3 py-1.5 text-sm";
  const followClass = `inline-flex shrink-0 items-center gap-1 rounded-lg bg-orange-500 font-medium text-white shadow-sm hover:bg-orange-600 ${pad}`;
  if (!session && !sessionPending) {
    return (
      <Link to={`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`} aria-label={t("share.follow_title", { title })} className={followClass}>
        <Plus className="size-3.5" aria-hidden />
        {t("share.follow")}
      </Link>
    );
  }
  if (followed) {
    const view = subscription?.view ?? target.view;
    const timeline: TimelineTarget = target.kind === "feed" ? { kind: "feeds", feedIds: [target.id] } : { kind: "list", listId: target.id };
    return (
      <div className="flex shrink-0 items-center gap-2">
        <span className={`inline-flex items-center gap-1 rounded-lg border border-zinc-300 font-medium text-zinc-600 dark:border-zinc-700 dark:text-zinc-300 ${pad}`}>
          <Check className="size-3.5" aria-hidden />
          {t("share.following")}
        </span>
        <Link
          to={timelinePath(view, timeline)}
          aria-label={t("share.open_title", { title })}
          className={`inline-flex items-center gap-1 rounded-lg bg-zinc-900 font-medium text-white hover:bg-zinc-700 dark:bg-zinc-100 dark:text-zinc-900 dark:hover:bg-zinc-300 ${pad}`}
        >
          {t("share.open")}
        </Link>
      </div>
    );
  }
  return (
    <button
      type="button"
      aria-label={t("share.follow_title", { title })}
      onClick={() => (target.kind === "feed" ? openFollowDialog({ view: target.view, url: target.url }) : openFollowDialog({ view: target.view, listId: target.id }))}
      className={followClass}
    >
      <Plus className="size-3.5" aria-hidden />
      {t("share.follow")}
    </button>
  );
}

/** The big header of a shared feed or list: icon, title, a line under it, and the follow action. */
export function ShareHero(props: { image: string | null; siteUrl?: string | null; url?: string | null; title: string; subtitle?: ReactNode; action: ReactNode; children?: ReactNode }) {
  return (
    <Card label={props.title}>
      <div className="flex items-start gap-4">
        <span className="flex shrink-0 rounded-xl bg-zinc-100 dark:bg-zinc-800">
          <FeedIcon image={props.image} siteUrl={props.siteUrl ?? null} url={props.url ?? null} title={props.title} size={64} className="rounded-xl" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-xl font-semibold" data-testid="share-title">
            {props.title}
          </h2>
          {props.subtitle ? <div className="mt-0.5 truncate text-sm text-zinc-500">{props.subtitle}</div> : null}
        </div>
        {props.action}
      </div>
      {props.children}
    </Card>
  );
}

/** A link that leaves the app (a feed's site). */
export function OutLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noreferrer noopener" className="inline-flex items-center gap-1 hover:text-orange-600 hover:underline">
      {children}
      <ExternalLink className="size-3" aria-hidden />
    </a>
  );
}

/** The picture a preview entry shows beside its title: its first photo, or a video's poster. */
export function entryImage(entry: Entry): string | null {
  for (const media of entry.media ?? []) {
    if (media.type === "photo" && /^https?:\/\//.test(media.url)) return media.url;
    if (media.preview_image_url && /^https?:\/\//.test(media.preview_image_url)) return media.preview_image_url;
  }
  const image = entry.attachments?.find((attachment) => attachment.mime_type?.startsWith("image/"));
  return image && /^https?:\/\//.test(image.url) ? image.url : null;
}

/**
 * The newest entries: title, time and thumbnail. `readPath` gives the in-app reader's path when
 * the reader follows the source; otherwise the title opens the original page.
 */
export function EntryPreviewList({ entries, readPath, label }: { entries: { entry: Entry; source?: string | null }[]; readPath: (entry: Entry) => string | null; label: string }) {
  const { t } = useTranslation("app");
  if (entries.length === 0) return <p className="text-sm text-zinc-400">{t("share.no_entries")}</p>;
  return (
    <ul aria-label={label} className="-mx-2 divide-y divide-zinc-100 dark:divide-zinc-800">
      {entries.map(({ entry, source }) => {
        const title = entry.title || entry.description || entry.url || t("share.untitled");
        const image = entryImage(entry);
        const inApp = readPath(entry);
        const titleClass = "line-clamp-2 text-sm font-medium hover:text-orange-600";
        return (
          <li key={entry.id} className="flex items-center gap-3 px-2 py-2.5" data-share-entry={entry.id}>
            <div className="min-w-0 flex-1">
              {inApp ? (
                <Link to={inApp} className={titleClass}>
                  {title}
                </Link>
              ) : entry.url ? (
                <a href={entry.url} target="_blank" rel="noreferrer noopener" className={titleClass}>
                  {title}
                </a>
              ) : (
                <p className="line-clamp-2 text-sm font-medium">{title}</p>
              )}
              <p className="mt-0.5 truncate text-xs text-zinc-400">
                {source ? <span>{source} · </span> : null}
                <time dateTime={entry.publishedAt}>{formatRelative(entry.publishedAt)}</time>
              </p>
            </div>
            {image ? <img src={image} alt="" loading="lazy" referrerPolicy="no-referrer" className="size-14 shrink-0 rounded-lg bg-zinc-100 object-cover dark:bg-zinc-800" /> : null}
          </li>
        );
      })}
    </ul>
  );
}

/** The loading placeholder of a share page. */
export function ShareLoading() {
  const { t } = useTranslation("app");
  return (
    <ShareBody>
      <div role="status" aria-label={t("share.loading")} className="h-32 animate-pulse rounded-xl bg-zinc-100 dark:bg-zinc-800/60" />
      <div className="h-64 animate-pulse rounded-xl bg-zinc-100 dark:bg-zinc-800/60" />
    </ShareBody>
  );
}

/** A failed load: "not found" for a missing feed, list or user, else the error code's message and Retry. */
export function ShareError({ error, notFoundText, onRetry }: { error: unknown; notFoundText: string; onRetry: () => void }) {
  const { t } = useTranslation("app");
  const missing = isNotFound(error);
  const Icon = missing ? SearchX : TriangleAlert;
  return (
    <ShareBody>
      <div role="alert" className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-zinc-300 px-6 py-12 text-center dark:border-zinc-700">
        <Icon className="size-8 text-zinc-400" aria-hidden />
        <p className="font-medium">{missing ? notFoundText : t("share.load_failed")}</p>
        <p className="max-w-md text-sm text-zinc-500">{shareErrorText(error)}</p>
        <div className="mt-2 flex gap-2">
          {missing ? null : (
            <button type="button" onClick={onRetry} className="rounded-lg bg-orange-500 px-3 py-1.5 text-sm font-medium text-white hover:bg-orange-600">
              {t("share.retry")}
            </button>
          )}
          <Link to="/discover" className="rounded-lg px-3 py-1.5 text-sm font-medium text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800">
            {t("share.go_discover")}
          </Link>
        </div>
      </div>
    </ShareBody>
  );
}
