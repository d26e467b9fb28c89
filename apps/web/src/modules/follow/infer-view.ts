import { type Entry, FeedView } from "@tidings/contracts";

const VIDEO_HOSTS = /(^|\.)(youtube\.com|youtu\.be|vimeo\.com|bilibili\.com|dailymotion\.com|twitch\.tv|nicovideo\.jp)$/i;
const AUDIO_FILE = /\.(mp3|m4a|aac|ogg|opus)(\?|$)/i;

const hostOf = (url: string | null) => (url ? (URL.parse(url)?.hostname ?? "") : "");
const share = (count: number, total: number) => (total === 0 ? 0 : count / total);

/**
 * The view a feed's latest entries point to (the server's rule, on the preview): podcasts go to
 * Audios, video feeds to Videos, image-led feeds to Pictures. Null when nothing stands out, so
 * the form keeps the view the reader is in.
 */
export function inferViewFromEntries(entries: Entry[], siteUrl: string | null = null): FeedView | null {
  const total = entries.length;
  if (total === 0) return VIDEO_HOSTS.test(hostOf(siteUrl)) ? FeedView.Videos : null;
  const audio = entries.filter((entry) => entry.attachments?.some((a) => a.mime_type?.startsWith("audio/") || AUDIO_FILE.test(a.url)));
  if (share(audio.length, total) >= 0.5) return FeedView.Audios;
  const video = entries.filter(
    (entry) =>
      entry.media?.some((m) => m.type === "video") || entry.attachments?.some((a) => a.mime_type?.startsWith("video/")) || VIDEO_HOSTS.test(hostOf(entry.url)),
  );
  if (share(video.length, total) >= 0.5 || VIDEO_HOSTS.test(hostOf(siteUrl))) return FeedView.Videos;
  if (total < 3) return null;
  const pictures = entries.filter((entry) => entry.media?.some((m) => m.type === "photo") && (entry.description ?? "").length < 200);
  return share(pictures.length, total) >= 0.6 ? FeedView.Pictures : null;
}

/** The picture to show beside an entry of the preview: its first image, or a video's poster. */
export function entryThumbnail(entry: Entry): string | null {
  for (const media of entry.media ?? []) {
    if (media.type === "photo") return media.url;
    if (media.preview_image_url) return media.preview_image_url;
  }
  return entry.attachments?.find((a) => a.mime_type?.startsWith("image/"))?.url ?? null;
}
