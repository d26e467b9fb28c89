import * as Dialog from "@radix-ui/react-dialog";
import { ChevronLeft, ChevronRight, Download, ExternalLink, type LucideIcon, X, ZoomIn, ZoomOut } from "lucide-react";
import { type ComponentProps, type KeyboardEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { contentImage } from "../../lib/image-proxy.ts";
import { downloadImage } from "./download-image.ts";
import type { GalleryImage } from "./types.ts";
import { useZoom } from "./use-zoom.ts";

export interface ImageGalleryProps {
  images: GalleryImage[];
  /** The image shown first (clamped to the list). */
  initialIndex?: number;
  onClose: () => void;
}

/**
 * Full-screen viewer of an entry's images: ←/→ (or the side buttons) move through them, Escape or
 * the close button leaves, click or wheel zooms, and the toolbar downloads or opens the original.
 */
export function ImageGallery({ images, initialIndex = 0, onClose }: ImageGalleryProps) {
  const { t } = useTranslation("app");
  const [index, setIndex] = useState(() => Math.min(Math.max(0, initialIndex), Math.max(0, images.length - 1)));
  const zoom = useZoom();
  const image = images[index];
  if (!image) return null;
  const many = images.length > 1;
  const go = (step: number) => {
    zoom.reset();
    setIndex((current) => (current + step + images.length) % images.length);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowLeft" && many) go(-1);
    else if (event.key === "ArrowRight" && many) go(1);
    else return;
    event.preventDefault();
    event.stopPropagation();
  };

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[100] bg-black/90" />
        <Dialog.Content
          data-focus-area="modal"
          aria-describedby={undefined}
          className="fixed inset-0 z-[101] flex flex-col text-white outline-none"
          onKeyDown={onKeyDown}
        >
          <Dialog.Title className="sr-only">{t("renderer.gallery.title")}</Dialog.Title>
          <div className="flex h-12 shrink-0 items-center gap-1 px-3">
            <span className="min-w-0 flex-1 truncate text-sm text-white/70" aria-live="polite">
              {many ? t("renderer.gallery.counter", { current: index + 1, total: images.length }) : null}
              {image.alt ? <span className="ml-3">{image.alt}</span> : null}
            </span>
            <ToolButton icon={ZoomOut} label={t("renderer.gallery.zoom_out")} onClick={zoom.zoomOut} disabled={!zoom.zoomed} />
            <ToolButton icon={ZoomIn} label={t("renderer.gallery.zoom_in")} onClick={zoom.zoomIn} />
            <ToolButton icon={Download} label={t("renderer.gallery.download")} onClick={() => void downloadImage(image.src)} />
            {image.src.startsWith("data:") ? null : (
              <a
                href={image.src}
                target="_blank"
                rel="noopener noreferrer nofollow"
                className="inline-flex size-9 items-center justify-center rounded-md text-white/80 hover:bg-white/10 hover:text-white"
                aria-label={t("renderer.gallery.open_original")}
                title={t("renderer.gallery.open_original")}
              >
                <ExternalLink className="size-5" aria-hidden />
              </a>
            )}
            <Dialog.Close asChild>
              <ToolButton icon={X} label={t("renderer.gallery.close")} />
            </Dialog.Close>
          </div>
          <div className="relative flex min-h-0 flex-1 items-center justify-center overflow-hidden" onWheel={zoom.onWheel}>
            <img
              key={image.src}
              src={contentImage(image.src)}
              alt={image.alt ?? ""}
              referrerPolicy="no-referrer"
              draggable={false}
              className={`max-h-full max-w-full object-contain transition-transform duration-150 select-none ${zoom.zoomed ? "cursor-zoom-out" : "cursor-zoom-in"}`}
              style={zoom.style}
              onClick={zoom.onClick}
              onMouseMove={zoom.onMouseMove}
            />
            {many ? (
              <>
                <SideButton side="left" icon={ChevronLeft} label={t("renderer.gallery.previous")} onClick={() => go(-1)} />
                <SideButton side="right" icon={ChevronRight} label={t("renderer.gallery.next")} onClick={() => go(1)} />
              </>
            ) : null}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

interface ToolButtonProps extends ComponentProps<"button"> {
  icon: LucideIcon;
  label: string;
}

function ToolButton({ icon: Icon, label, ...props }: ToolButtonProps) {
  return (
    <button
      type="button"
      className="inline-flex size-9 items-center justify-center rounded-md text-white/80 hover:bg-white/10 hover:text-white disabled:opacity-40 disabled:hover:bg-transparent"
      aria-label={label}
      title={label}
      {...props}
    >
      <Icon className="size-5" aria-hidden />
    </button>
  );
}

function SideButton({ side, icon: Icon, label, onClick }: { side: "left" | "right"; icon: LucideIcon; label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      className={`absolute top-1/2 ${side === "left" ? "left-3" : "right-3"} inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-black/40 text-white/90 hover:bg-black/60`}
      aria-label={label}
      title={label}
      onClick={onClick}
    >
      <Icon className="size-6" aria-hidden />
    </button>
  );
}
