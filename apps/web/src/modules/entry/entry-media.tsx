import type { Entry } from "@tidings/contracts";
import { extractImages, openImageGallery } from "../renderer/index.ts";
import { VideoPlayer } from "../player/index.ts";

const PLAYABLE = /\.(mp4|webm)(\?|#|$)/i;

/**
 * The entry's media list (photos and videos the feed gave beside the HTML), shown only when the
 * content itself has no images, as for picture and video posts whose text is a caption.
 */
export function EntryMedia({ entry, html }: { entry: Entry; html: string | null | undefined }) {
  const media = (entry.media ?? []).filter((item) => /^https?:\/\//i.test(item.url));
  if (media.length === 0 || extractImages(html, entry.url ?? undefined).length > 0) return null;
  const photos = media.filter((item) => item.type === "photo");
  const videos = media.filter((item) => item.type === "video" && PLAYABLE.test(item.url));
  const gallery = photos.map((photo) => ({ src: photo.url }));
  return (
    <div className="mb-8 space-y-3" data-testid="entry-media">
      {videos.map((video) => (
        <VideoPlayer key={video.url} src={video.url} poster={video.preview_image_url ?? null} title={entry.title} className="w-full overflow-hidden rounded-xl" />
      ))}
      {photos.length > 0 ? (
        <div className={photos.length === 1 ? "" : "grid grid-cols-2 gap-2"}>
          {photos.map((photo, index) => (
            <button
              key={photo.url}
              type="button"
              className="block w-full overflow-hidden rounded-xl bg-zinc-100 focus-visible:ring-2 focus-visible:ring-orange-500 focus-visible:outline-none dark:bg-zinc-900"
              onClick={() => openImageGallery(gallery, index)}
            >
              <img
                src={photo.url}
                alt=""
                loading="lazy"
                referrerPolicy="no-referrer"
                className={photos.length === 1 ? "max-h-[70vh] w-full object-contain" : "aspect-square w-full object-cover"}
                {...(photo.width && photo.height ? { width: photo.width, height: photo.height } : {})}
              />
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
