import { closeImageGallery, useGalleryStore } from "./gallery-store.ts";
import { ImageGallery } from "./image-gallery.tsx";

/** Shows the viewer opened with `openImageGallery`; mount once near the app root. */
export function ImageGalleryHost() {
  const { session, images, index, open } = useGalleryStore();
  if (!open) return null;
  return <ImageGallery key={session} images={images} initialIndex={index} onClose={closeImageGallery} />;
}
