/** Class names the Apps tab shares (the look of the other settings tabs). */
export const PANEL = "space-y-4 rounded-xl border border-zinc-200 p-5 dark:border-zinc-800";
export const PANEL_TITLE = "font-semibold";
export const PANEL_TEXT = "mt-0.5 text-sm text-zinc-500";
export const PRIMARY =
  "inline-flex shrink-0 items-center justify-center gap-1.5 rounded-lg bg-orange-500 px-3 py-1.5 text-sm font-medium text-white shadow-sm hover:bg-orange-600 disabled:cursor-not-allowed disabled:opacity-50";
export const SECONDARY =
  "inline-flex shrink-0 items-center justify-center gap-1.5 rounded-lg border border-zinc-300 px-3 py-1.5 text-sm font-medium hover:bg-zinc-50 disabled:cursor-not-allowed disabled:opacity-50 dark:border-zinc-700 dark:hover:bg-zinc-800";
export const DANGER =
  "inline-flex items-center gap-1.5 rounded-lg px-2.5 py-1 text-xs font-medium whitespace-nowrap text-red-600 hover:bg-red-50 disabled:opacity-50 dark:text-red-400 dark:hover:bg-red-500/10";
export const INPUT =
  "w-full min-w-0 rounded-lg border border-zinc-300 bg-white px-3 py-1.5 text-sm outline-none focus:border-orange-500 focus:ring-2 focus:ring-orange-500/20 dark:border-zinc-700 dark:bg-zinc-900";
export const SPINNER = "size-3.5 animate-spin rounded-full border-2 border-current border-t-transparent";
