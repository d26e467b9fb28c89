import { CircleCheck, Info, Lightbulb, type LucideIcon, MessageSquareWarning, OctagonAlert, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Callout, CalloutLabel, CalloutType } from "./callout.ts";

const ICONS: Record<CalloutLabel, LucideIcon> = {
  note: Info,
  tip: Lightbulb,
  success: CircleCheck,
  important: MessageSquareWarning,
  info: Info,
  warning: TriangleAlert,
  caution: OctagonAlert,
  danger: OctagonAlert,
};

const TONES: Record<CalloutType, { box: string; title: string }> = {
  note: { box: "border-sky-500 bg-sky-50/70 dark:bg-sky-950/30", title: "text-sky-700 dark:text-sky-400" },
  success: { box: "border-emerald-500 bg-emerald-50/70 dark:bg-emerald-950/30", title: "text-emerald-700 dark:text-emerald-400" },
  warning: { box: "border-amber-500 bg-amber-50/70 dark:bg-amber-950/30", title: "text-amber-700 dark:text-amber-400" },
  danger: { box: "border-red-500 bg-red-50/70 dark:bg-red-950/30", title: "text-red-700 dark:text-red-400" },
  info: { box: "border-violet-500 bg-violet-50/70 dark:bg-violet-950/30", title: "text-violet-700 dark:text-violet-400" },
};

/** A callout of entry content (spec §2 callout types): coloured bar, icon and label, then the body. */
export function CalloutBox({ callout, children }: { callout: Callout; children?: ReactNode }) {
  const { t } = useTranslation("app");
  const Icon = ICONS[callout.label];
  return (
    <div className={`entry-callout my-4 rounded-r-md border-l-4 px-4 py-3 ${TONES[callout.type].box}`} data-callout={callout.type} role="note">
      <p className={`entry-callout-title mb-1 flex items-center gap-2 font-semibold ${TONES[callout.type].title}`}>
        <Icon className="size-4 shrink-0" aria-hidden />
        {t(`renderer.callout.${callout.label}`)}
      </p>
      <div className="entry-callout-body">{children}</div>
    </div>
  );
}
