import { type CSSProperties, type KeyboardEvent, type MouseEvent, useState } from "react";
import { contentImage } from "../../lib/image-proxy.ts";

export interface EntryImageProps {
  src: string;
  srcSet?: string;
  sizes?: string;
  alt?: string;
  title?: string;
  width?: number;
  height?: number;
  style?: CSSProperties;
  /** Opens the gallery at this image; the image is then focusable and zooms on click. */
  onOpen?: () => void;
}

/** Below this many pixels an image is a tracking pixel or spacer, not content. */
const TINY = 2;

/**
 * An image of entry content. Lazy and async so long entries stay light; no referrer, so the
 * reader's address does not leak to every image host; width/height kept so the page does not jump
 * while images load. Images found to be tracking pixels once loaded are removed.
 */
export function EntryImage({ src, srcSet, sizes, alt, title, width, height, style, onOpen }: EntryImageProps) {
  const [tiny, setTiny] = useState(false);
  if (tiny) return null;
  // A hot-link protected host's image comes through the proxy (its srcset would not load).
  const shown = contentImage(src);
  const open = (event: MouseEvent | KeyboardEvent) => {
    event.preventDefault();
    event.stopPropagation();
    onOpen?.();
  };
  return (
    <img
      className={onOpen ? "entry-image cursor-zoom-in" : "entry-image"}
      src={shown}
      srcSet={shown === src ? srcSet : undefined}
      sizes={sizes}
      alt={alt ?? ""}
      title={title}
      width={width}
      height={height}
      style={style}
      loading="lazy"
      decoding="async"
      referrerPolicy="no-referrer"
      tabIndex={onOpen ? 0 : undefined}
      onClick={onOpen ? open : undefined}
      onKeyDown={
        onOpen
          ? (event) => {
              if (event.key === "Enter" || event.key === " ") open(event);
            }
          : undefined
      }
      onLoad={(event) => {
        const image = event.currentTarget;
        if (image.naturalWidth > 0 && (image.naturalWidth < TINY || image.naturalHeight < TINY)) setTiny(true);
      }}
    />
  );
}
