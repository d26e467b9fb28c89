import clsx from "clsx";
import { Play } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { isFullscreen, toggleFullscreen } from "./fullscreen.ts";
import { useVideoState } from "./use-video-state.ts";
import { VideoControls } from "./video-controls.tsx";
import { VIDEO_SEEK_STEP, videoKeyAction } from "./video-keys.ts";

export interface VideoPlayerProps {
  src: string;
  poster?: string | null;
  /** Names the player for screen readers. */
  title?: string | null;
  /** Start muted: a muted video never pauses the audio player (spec §4). */
  muted?: boolean;
  className?: string;
}

/**
 * An inline video with the app's own controls (spec §1, §2), so every video in entry content
 * looks and answers to the keyboard the same way: while the player is focused or hovered, Space
 * plays/pauses, ←/→ seek 5 s, f toggles full screen and d downloads. Those keys are taken in the
 * capture phase and stopped, so the app's global Space (audio play/pause) does not fire as well.
 */
export function VideoPlayer({ src, poster, title, muted = false, className }: VideoPlayerProps) {
  const { t } = useTranslation("app");
  const containerRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const downloadRef = useRef<HTMLAnchorElement>(null);
  const video = useVideoState(videoRef, muted);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);

  useEffect(() => {
    const onChange = () => setFullscreen(isFullscreen(containerRef.current));
    document.addEventListener("fullscreenchange", onChange);
    return () => document.removeEventListener("fullscreenchange", onChange);
  }, []);

  const active = hovered || focused;
  const { toggle, seekBy } = video;
  useEffect(() => {
    const container = containerRef.current;
    if (!active || !container) return;
    const onKey = (event: KeyboardEvent) => {
      const action = videoKeyAction(event, container);
      if (!action) return;
      event.preventDefault();
      event.stopPropagation();
      if (action === "toggle") toggle();
      else if (action === "back") seekBy(-VIDEO_SEEK_STEP);
      else if (action === "forward") seekBy(VIDEO_SEEK_STEP);
      else if (action === "fullscreen") toggleFullscreen(container);
      else downloadRef.current?.click();
    };
    window.addEventListener("keydown", onKey, { capture: true });
    return () => window.removeEventListener("keydown", onKey, { capture: true });
  }, [active, toggle, seekBy]);

  return (
    <div
      ref={containerRef}
      role="group"
      tabIndex={0}
      // The spec §2 focus area, so the app's hotkeys know the video has the keyboard.
      data-focus-area="video-player"
      aria-label={title || t("player.video")}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      className={clsx(
        "group/video relative overflow-hidden rounded-lg bg-black outline-none focus-visible:ring-2 focus-visible:ring-orange-500",
        fullscreen && "rounded-none",
        className,
      )}
    >
      <video
        ref={videoRef}
        src={src}
        poster={poster ?? undefined}
        playsInline
        preload="metadata"
        onClick={toggle}
        onDoubleClick={() => toggleFullscreen(containerRef.current)}
        className="block size-full max-h-[inherit] object-contain"
      />
      {!video.playing && (
        <button
          type="button"
          onClick={toggle}
          aria-hidden
          tabIndex={-1}
          className="absolute top-1/2 left-1/2 flex size-14 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-black/55 text-white shadow-lg backdrop-blur-sm transition-transform hover:scale-105"
        >
          <Play className="ml-0.5 size-6 fill-current" aria-hidden />
        </button>
      )}
      <VideoControls
        video={video}
        src={src}
        fullscreen={fullscreen}
        onToggleFullscreen={() => toggleFullscreen(containerRef.current)}
        downloadRef={downloadRef}
        visible={active || !video.playing}
      />
    </div>
  );
}
