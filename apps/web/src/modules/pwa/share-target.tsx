import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { openFollowDialog } from "../follow/index.ts";
import { PageFrame } from "../layout/index.ts";
import { sharedUrl } from "./shared-url.ts";

/**
 * The installed app's share target (`/share?title=…&text=…&url=…`, see manifest.webmanifest): a
 * shared link opens the follow dialog with it, over the timeline; a share without one says so.
 * Signed-out readers reach it after signing in (the main layout's `redirect`).
 */
export function ShareTarget() {
  const [params] = useSearchParams();
  const url = sharedUrl(params);
  return url ? <OpenFollow url={url} /> : <NothingToFollow />;
}

function OpenFollow({ url }: { url: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    // The dialog has one id: a second run (React's strict mode) brings the same dialog forward.
    openFollowDialog({ view: 0, url });
    void navigate("/timeline", { replace: true });
  }, [url, navigate]);
  return null;
}

function NothingToFollow() {
  const { t } = useTranslation("app");
  return (
    <PageFrame title={t("share_target.title")} description={t("share_target.description")}>
      <div role="alert" data-testid="share-target-empty" className="max-w-lg space-y-2 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
        <p className="text-sm font-medium">{t("share_target.no_url")}</p>
        <p className="text-sm text-zinc-500">{t("share_target.no_url_hint")}</p>
      </div>
      <Link to="/timeline" replace className="mt-4 inline-block rounded-lg bg-orange-500 px-4 py-2 text-sm font-medium text-white hover:bg-orange-600">
        {t("share_target.home")}
      </Link>
    </PageFrame>
  );
}
