/** Class names the POWER screens share. */
export const BUTTON =
  "inline-flex items-center justify-center gap-1.5 rounded-lg border border-zinc-300 px-2.5 py-1 text-xs font-medium whitespace-nowrap hover:bg-zinc-50 disabled:cursor-not-allowed disabled:opacity-50 dark:border-zinc-700 dark:hover:bg-zinc-800";
export const PRIMARY =
  "inline-flex items-center justify-center gap-1.5 rounded-lg bg-orange-500 px-3 py-1.5 text-sm font-medium text-white shadow-sm hover:bg-orange-600 disabled:cursor-not-allowed disabled:opacity-50";
export const INPUT =
  "w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm outline-none focus:border-orange-500 focus:ring-2 focus:ring-orange-500/20 disabled:opacity-60 aria-invalid:border-red-500 dark:border-zinc-700 dark:bg-zinc-900";
export const LABEL = "block text-sm font-medium text-zinc-700 dark:text-zinc-300";
export const ERROR = "text-xs text-red-600 dark:text-red-400";
export const HINT = "text-xs text-zinc-500";
export const CARD = "space-y-3 rounded-xl border border-zinc-200 p-4 dark:border-zinc-800";
export const CHIP = "rounded-full border px-2.5 py-0.5 text-xs font-medium";
export const CHIP_ON = "border-orange-500 bg-orange-500/10 text-orange-700 dark:text-orange-300";
export const CHIP_OFF = "border-zinc-300 text-zinc-600 hover:bg-zinc-100 dark:border-zinc-700 dark:text-zinc-300 dark:hover:bg-zinc-800";
