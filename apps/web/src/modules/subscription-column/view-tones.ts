import type { FeedView } from "@tidings/contracts";

/**
 * The colour of each view (facts §7: every view has a name, an icon and a colour), as Tailwind
 * classes: the icon of the active tab and the tint behind it.
 */
export const VIEW_TONES: Record<FeedView, { text: string; tint: string }> = {
  0: { text: "text-orange-500", tint: "bg-orange-500/10 dark:bg-orange-500/15" },
  1: { text: "text-sky-500", tint: "bg-sky-500/10 dark:bg-sky-500/15" },
  2: { text: "text-emerald-500", tint: "bg-emerald-500/10 dark:bg-emerald-500/15" },
  3: { text: "text-rose-500", tint: "bg-rose-500/10 dark:bg-rose-500/15" },
  4: { text: "text-violet-500", tint: "bg-violet-500/10 dark:bg-violet-500/15" },
  5: { text: "text-amber-500", tint: "bg-amber-500/10 dark:bg-amber-500/15" },
};
