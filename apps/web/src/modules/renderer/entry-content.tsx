import clsx from "clsx";
import { FileX } from "lucide-react";
import { type CSSProperties, type MouseEvent, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useUISetting } from "../../store/settings.store.ts";
import { ImageGallery } from "./image-gallery.tsx";
import { renderContent } from "./render-html.tsx";
import type { LinkClickHandler } from "./types.ts";
import "./entry-content.css";

export interface EntryContentProps {
  /** The entry's HTML (sanitised by the server; rendered through the allow-list regardless). */
  html: string | null | undefined;
  /** The entry's URL, for relative links and images. */
  baseUrl?: string;
  /** Leave out images, video, audio and embeds (spec §2). */
  noMedia?: boolean;
  /** Called on every link click, e.g. for the jump-out warning; may `preventDefault()`. */
  onLinkClick?: LinkClickHandler;
  className?: string;
}

/**
 * An entry's content as the reader shows it: the HTML through `renderContent`, typography from the
 * reader settings (font, size, line height, inline styles, code themes), the user's custom CSS
 * scoped to the content, a gallery on image click, and a placeholder when there is nothing to show.
 */
export function EntryContent({ html, baseUrl, noMedia = false, onLinkClick, className }: EntryContentProps) {
  const { t } = useTranslation("app");
  const inlineStyle = useUISetting("readerRenderInlineStyle");
  const guessLanguage = useUISetting("guessCodeLanguage");
  const fontSize = useUISetting("contentFontSize");
  const lineHeight = useUISetting("contentLineHeight");
  const fontFamily = useUISetting("readerFontFamily");
  const customCSS = useUISetting("customCSS");
  const [galleryIndex, setGalleryIndex] = useState<number | null>(null);

  const rendered = useMemo(
    () =>
      renderContent(html, {
        baseUrl,
        noMedia,
        inlineStyle,
        guessLanguage,
        onImageClick: setGalleryIndex,
      }),
    [html, baseUrl, noMedia, inlineStyle, guessLanguage],
  );

  // Link clicks are handled here, by delegation, rather than on each link: a new handler on every
  // parent render then costs nothing, where a handler baked into the content would re-render it.
  // Containment is checked in the DOM, so clicks bubbling through the gallery's portal are ignored.
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (!onLinkClick || !(event.target instanceof Element)) return;
    const anchor = event.target.closest<HTMLAnchorElement>("a[data-entry-link]");
    if (anchor && event.currentTarget.contains(anchor)) onLinkClick(anchor.href, event);
  };

  const style = {
    "--entry-font-size": `${fontSize}px`,
    "--entry-line-height": String(lineHeight),
    "--entry-font-family": fontFamily || "inherit",
  } as CSSProperties;

  return (
    <div className={clsx("entry-content", className)} style={style} onClick={onClick} data-testid="entry-content">
      {customCSS.trim() ? <style>{`@scope (.entry-content) {\n${customCSS}\n}`}</style> : null}
      {rendered.empty ? (
        <div className="entry-no-content flex flex-col items-center gap-2 py-12 text-center text-sm text-zinc-500">
          <FileX className="size-8" aria-hidden />
          <p>{t("renderer.no_content")}</p>
        </div>
      ) : (
        rendered.content
      )}
      {galleryIndex !== null ? <ImageGallery images={rendered.images} initialIndex={galleryIndex} onClose={() => setGalleryIndex(null)} /> : null}
    </div>
  );
}
