import type { Segment } from "./segments.ts";

/** Highlighted text: matches in <mark>, everything rendered as text (never as HTML). */
export function Highlighted({ segments }: { segments: Segment[] }) {
  return (
    <>
      {segments.map((segment, index) =>
        segment.mark ? (
          <mark key={index} className="rounded-[3px] bg-orange-200/80 px-px text-inherit dark:bg-orange-400/30 dark:text-orange-50">
            {segment.text}
          </mark>
        ) : (
          <span key={index}>{segment.text}</span>
        ),
      )}
    </>
  );
}
