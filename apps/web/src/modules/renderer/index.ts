export { EntryContent } from "./entry-content.tsx";
export { ImageGalleryHost } from "./image-gallery-host.tsx";
export { openImageGallery } from "./gallery-store.ts";
export { extractImages, firstImage } from "./extract-images.ts";
