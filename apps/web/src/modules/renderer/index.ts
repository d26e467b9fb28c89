export { EntryContent, type EntryContentProps } from "./entry-content.tsx";
export { renderContent, renderHtml } from "./render-html.tsx";
export type { GalleryImage, RenderOptions, RenderResult } from "./types.ts";
export { ImageGallery, type ImageGalleryProps } from "./image-gallery.tsx";
export { ImageGalleryHost } from "./image-gallery-host.tsx";
export { closeImageGallery, openImageGallery } from "./gallery-store.ts";
export { extractImages, firstImage } from "./extract-images.ts";
export type { CalloutType } from "./callout.ts";
