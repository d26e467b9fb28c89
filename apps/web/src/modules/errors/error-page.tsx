import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useRouteError } from "react-router";
import { resetLocalData } from "../../lib/reset.ts";
import { describeRouteError, reloadOnceForNewVersion } from "./describe-error.ts";
import { buildIssueUrl } from "./issue-link.ts";
import { useRemoveSkeleton } from "./remove-skeleton.ts";

function goHomeAndReload() {
  window.location.href = "/";
}

/** The route error page (spec §2). */
export function ErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation("app");
  const [reloading] = useState(() => reloadOnceForNewVersion(error, sessionStorage, () => window.location.reload()));
  useRemoveSkeleton();
  if (reloading) return null;

  const message = describeRouteError(error);
  const issueUrl = buildIssueUrl({
    error: error instanceof Error && error.stack ? error.stack : message,
    userAgent: navigator.userAgent,
    platform: navigator.platform,
    ...(typeof error === "object" && error && "traceId" in error ? { errorTraceId: String(error.traceId) } : {}),
  });

  return (
    <main className="flex min-h-dvh items-center justify-center bg-white p-6 text-zinc-900 dark:bg-zinc-900 dark:text-zinc-100">
      <div className="w-full max-w-lg space-y-5 text-center">
        <h1 className="text-xl font-semibold">{t("error_page.title")}</h1>
        <pre className="max-h-48 overflow-auto whitespace-pre-wrap rounded-lg bg-zinc-100 p-3 text-left text-sm text-red-600 dark:bg-zinc-800 dark:text-red-400">
          {message}
        </pre>
        <p className="text-sm text-zinc-500">{t("error_page.temporary")}</p>
        <div className="flex justify-center gap-3">
          <button
            type="button"
            className="rounded-lg border border-zinc-300 px-4 py-2 text-sm hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-800"
            onClick={async () => {
              await resetLocalData();
              goHomeAndReload();
            }}
          >
            {t("error_page.reset")}
          </button>
          <button type="button" className="rounded-lg bg-orange-500 px-4 py-2 text-sm text-white hover:bg-orange-600" onClick={goHomeAndReload}>
            {t("error_page.reload")}
          </button>
        </div>
        <a href={issueUrl} target="_blank" rel="noreferrer" className="inline-block text-sm text-orange-600 underline dark:text-orange-400">
          {t("error_page.submit_issue")}
        </a>
      </div>
    </main>
  );
}
