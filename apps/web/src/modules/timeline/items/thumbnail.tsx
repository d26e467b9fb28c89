import clsx from "clsx";
import { useState } from "react";

/**
 * A list thumbnail in a fixed box (no layout shift), loaded lazily. `square` crops to the box;
 * `original` keeps the picture's ratio inside it. A picture that fails to load leaves nothing.
 */
export function Thumbnail(props: { src: string; size: number; ratio: "square" | "original"; width?: number; height?: number; className?: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  const aspect = props.ratio === "original" && props.width && props.height ? Math.min(2, Math.max(0.5, props.width / props.height)) : 1;
  const width = props.ratio === "original" && aspect > 1 ? props.size : Math.round(props.size * aspect);
  const height = props.ratio === "original" && aspect > 1 ? Math.round(props.size / aspect) : props.size;
  return (
    <div className={clsx("shrink-0 overflow-hidden rounded-md bg-zinc-100 dark:bg-zinc-800", props.className)} style={{ width, height }}>
      <img
        src={props.src}
        alt=""
        loading="lazy"
        decoding="async"
        referrerPolicy="no-referrer"
        className={clsx("size-full", props.ratio === "square" || props.width ? "object-cover" : "object-contain")}
        onError={() => setFailed(true)}
      />
    </div>
  );
}
