import type { Entry } from "@tidings/contracts";

/** The picture a preview entry shows beside its title: its first photo, or a video's poster. */
export function previewImageOf(entry: Entry): string | null {
  for (const media of entry.media ?? []) {
    if (media.type === "photo" && /^https?:\/\//.test(media.url)) return media.url;
    if (media.preview_image_url && /^https?:\/\//.test(media.preview_image_url)) return media.preview_image_url;
  }
  const image = entry.attachments?.find((attachment) => attachment.mime_type?.startsWith("image/"));
  return image && /^https?:\/\//.test(image.url) ? image.url : null;
}
