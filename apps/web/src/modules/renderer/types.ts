import type { MouseEvent, ReactNode } from "react";

/** One image of the gallery. */
export interface GalleryImage {
  src: string;
  alt?: string;
}

/**
 * Called when a link of entry content is clicked, with the link's absolute URL. The event's target
 * is inside the link; its currentTarget may be the link or the content container.
 */
export type LinkClickHandler = (url: string, event: MouseEvent<HTMLElement>) => void;

/** How entry HTML is rendered. Every option is off or absent by default. */
export interface RenderOptions {
  /** The entry's URL: relative links and images resolve against it. */
  baseUrl?: string;
  /** Remove images, pictures, video, audio and embeds (spec §2 noMedia). */
  noMedia?: boolean;
  /** Keep the safe subset of inline styles (`readerRenderInlineStyle`). */
  inlineStyle?: boolean;
  /** Guess the language of code blocks whose markup does not name one (`guessCodeLanguage`). */
  guessLanguage?: boolean;
  /** Hears every click on a link of the content; may call `event.preventDefault()` to keep the reader. */
  onLinkClick?: LinkClickHandler;
  /** Makes images clickable: called with the image's index in the rendered images. */
  onImageClick?: (index: number) => void;
}

/** What one rendering produced, for the container and its gallery. */
export interface RenderResult {
  content: ReactNode;
  /** Every image rendered, in document order (the gallery's list). */
  images: GalleryImage[];
  /** True when nothing worth showing is left (no text, no media). */
  empty: boolean;
}

/** Mutable bookkeeping of one rendering. */
export interface RenderState {
  options: RenderOptions;
  images: GalleryImage[];
  /** Text runs and media rendered so far: zero at the end means "no content". */
  visible: number;
  slug: (text: string) => string;
}

/** Where in the tree the walker is. */
export interface RenderFlags {
  inLink: boolean;
  inCode: boolean;
  /** Which text children are kept: all, only non-blank ones (lists), or none (table structure). */
  text: "all" | "nonBlank" | "none";
  depth: number;
}
