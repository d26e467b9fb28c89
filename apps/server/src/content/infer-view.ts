import { FeedView } from "@tidings/contracts";
import type { ParsedFeed } from "./parse/model.ts";

const share = (count: number, total: number) => (total === 0 ? 0 : count / total);
const VIDEO_HOSTS = /(^|\.)(youtube\.com|youtu\.be|vimeo\.com|bilibili\.com|dailymotion\.com|twitch\.tv|nicovideo\.jp)$/i;

function host(url: string | null): string {
  try {
    return url ? new URL(url).hostname : "";
  } catch {
    return "";
  }
}

/**
 * The view a new feed most likely belongs in (spec §1 views): podcasts to Audios, video feeds to
 * Videos, image-led feeds to Pictures, short title-less posts to SocialMedia, else Articles.
 * Decided by what most of its recent entries look like; a user can always move it.
 */
export function inferView(feed: ParsedFeed): FeedView {
  const entries = feed.entries.slice(0, 30);
  const total = entries.length;
  if (total === 0) return FeedView.Articles;
  const audio = entries.filter((e) => e.attachments.some((a) => a.mime_type?.startsWith("audio/") || /\.(mp3|m4a|aac|ogg|opus)(\?|$)/i.test(a.url)));
  if (share(audio.length, total) >= 0.5) return FeedView.Audios;
  const video = entries.filter(
    (e) =>
      e.media.some((m) => m.type === "video") ||
      e.attachments.some((a) => a.mime_type?.startsWith("video/")) ||
      VIDEO_HOSTS.test(host(e.url)),
  );
  if (share(video.length, total) >= 0.5 || VIDEO_HOSTS.test(host(feed.siteUrl))) return FeedView.Videos;
  // Pictures and social posts need a pattern; one or two entries are no pattern.
  if (total < 3) return FeedView.Articles;
  const textLength = (e: (typeof entries)[number]) => (e.description ?? "").length;
  const pictures = entries.filter((e) => e.media.some((m) => m.type === "photo") && textLength(e) < 200);
  if (share(pictures.length, total) >= 0.6) return FeedView.Pictures;
  // A social post has no title, or a title that is just the start of its text.
  const titleIsText = (e: (typeof entries)[number]) => !!e.title && e.title.length >= 20 && !!e.description?.startsWith(e.title.slice(0, 40).replace(/…$/, ""));
  const social = entries.filter((e) => (!e.title || titleIsText(e)) && textLength(e) < 300);
  if (share(social.length, total) >= 0.6) return FeedView.SocialMedia;
  return FeedView.Articles;
}
