import clsx from "clsx";
import { LoaderCircle } from "lucide-react";
import type { EntryAction } from "./types.ts";

/** Toggles whose "on" state is drawn in the accent colour (read is not: both states are normal). */
const ACCENTED = new Set(["star", "aiSummary", "aiTranslation", "textToSpeech", "readability", "sourceContent"]);

/** An action's icon in its state: a spinner while busy, a filled star when starred. */
export function ActionIcon({ action, className }: { action: EntryAction; className?: string }) {
  if (action.busy) return <LoaderCircle className={clsx("animate-spin", className)} aria-hidden />;
  const Icon = action.icon;
  const on = action.active && ACCENTED.has(action.id);
  return <Icon className={clsx(className, on && "text-orange-500", on && action.id === "star" && "fill-current")} aria-hidden />;
}
