import clsx from "clsx";
import { AudioLines } from "lucide-react";
import { useState } from "react";

/**
 * An audio cover, or a neutral placeholder when the feed gave none or the picture fails to load:
 * podcasts often link covers that have since moved.
 */
export function CoverImage({ image, className }: { image: string | null | undefined; className?: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const usable = image && failed !== image;
  return (
    <span className={clsx("relative flex shrink-0 items-center justify-center overflow-hidden bg-zinc-100 dark:bg-zinc-800", className)}>
      {usable ? (
        <img src={image} alt="" loading="lazy" className="size-full object-cover" onError={() => setFailed(image)} />
      ) : (
        <AudioLines className="size-1/2 text-zinc-400" aria-hidden />
      )}
    </span>
  );
}
