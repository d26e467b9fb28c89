import { ArrowUp } from "lucide-react";
import { useTranslation } from "react-i18next";

/** "New entries" at the top of a timeline when the server has some (polled every minute). */
export function NewEntriesPill({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation("app");
  return (
    <div className="pointer-events-none absolute inset-x-0 top-3 z-20 flex justify-center">
      <button
        type="button"
        onClick={onClick}
        className="pointer-events-auto inline-flex items-center gap-1.5 rounded-full bg-orange-500 px-3.5 py-1.5 text-xs font-semibold text-white shadow-lg shadow-orange-500/20 transition hover:bg-orange-600 focus-visible:ring-2 focus-visible:ring-orange-300 focus-visible:outline-none"
        data-testid="timeline-new-entries"
      >
        <ArrowUp className="size-3.5" aria-hidden />
        {t("timeline.new_entries")}
      </button>
    </div>
  );
}
