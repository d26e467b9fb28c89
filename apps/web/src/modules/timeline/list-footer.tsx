import { LoaderCircle } from "lucide-react";
import { useTranslation } from "react-i18next";

/** Under the last row: a spinner while the next page loads, a quiet end mark when there is no more. */
export function ListFooter({ loading, end }: { loading: boolean; end: boolean }) {
  const { t } = useTranslation("app");
  if (loading) {
    return (
      <div className="flex h-14 items-center justify-center text-zinc-400" role="status" aria-label={t("timeline.loading_more")}>
        <LoaderCircle className="size-5 animate-spin" aria-hidden />
      </div>
    );
  }
  if (!end) return <div className="h-14" />;
  return <div className="flex h-14 items-center justify-center text-xs text-zinc-400">{t("timeline.end")}</div>;
}
