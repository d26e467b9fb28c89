import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { FeedPreviewCard, feedPreviewQuery, followErrorText, PreviewLoading, useDebounced } from "../follow/index.ts";

/** How long typing must pause before the route is fetched for its preview. */
export const ROUTE_PREVIEW_DELAY = 700;

/** Entries the route form shows: enough to tell the route fits. */
const ROUTE_PREVIEW_ENTRIES = 5;

/**
 * The entries a finished `rsshub://` address gives, fetched by the server through the reader's
 * instance once typing pauses (loading meanwhile); its failure (route not found, the instance's
 * error) inline. `url` is null while required parameters are missing.
 */
export function RoutePreview({ url }: { url: string | null }) {
  const { t } = useTranslation("app");
  const settled = useDebounced(url, ROUTE_PREVIEW_DELAY);
  const current = settled !== null && settled === url;
  const preview = useQuery({ ...feedPreviewQuery({ url: settled ?? "" }), enabled: current });
  if (url === null) return null;
  if (current && preview.isError) {
    const problem = followErrorText(preview.error);
    return (
      <div role="alert" data-testid="route-preview-error" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-xs text-red-700 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-300">
        <p className="font-medium">{t("discover.route_preview_failed", { message: problem.message })}</p>
        {problem.reason ? <p className="mt-0.5 break-all">{problem.reason}</p> : null}
      </div>
    );
  }
  if (current && preview.data) return <FeedPreviewCard preview={preview.data} entryCount={ROUTE_PREVIEW_ENTRIES} />;
  return <PreviewLoading />;
}
