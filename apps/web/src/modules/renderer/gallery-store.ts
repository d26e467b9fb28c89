import { create } from "zustand";
import type { GalleryImage } from "./types.ts";

interface GalleryState {
  /** Bumped on every opening, so the viewer starts afresh at the requested image. */
  session: number;
  images: GalleryImage[];
  index: number;
  open: boolean;
}

/** The app-wide image viewer, for callers without their own (Pictures view, entry actions). */
export const useGalleryStore = create<GalleryState>(() => ({ session: 0, images: [], index: 0, open: false }));

/** Opens the app-wide viewer on `images` at `index`; needs `<ImageGalleryHost />` mounted once. */
export function openImageGallery(images: GalleryImage[], index = 0): void {
  if (images.length === 0) return;
  useGalleryStore.setState((state) => ({ session: state.session + 1, images, index, open: true }));
}

export function closeImageGallery(): void {
  useGalleryStore.setState({ open: false });
}
