import type { FeedView } from "@tidings/contracts";
import { Compass, Plus, Search } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Logo } from "../../components/logo.tsx";
import { layoutActions } from "../../store/layout.store.ts";
import { openFollowDialog } from "../follow/index.ts";
import { toggleSearch } from "../search/index.ts";

const ICON_BUTTON =
  "flex size-7 items-center justify-center rounded-md text-zinc-500 transition-colors hover:bg-zinc-200/70 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100";

/** The top of the column: the product, search, discover, and "+" to follow something. */
export function ColumnHeader({ view }: { view: FeedView }) {
  const { t } = useTranslation();
  return (
    <header className="flex h-12 shrink-0 items-center gap-2 pr-2 pl-4">
      <Link to="/timeline" className="flex min-w-0 flex-1 items-center gap-2 text-[15px] font-semibold tracking-tight">
        <Logo className="size-5" />
        <span className="truncate">{t("app_name")}</span>
      </Link>
      <button type="button" className={ICON_BUTTON} title={t("app:search.open")} onClick={() => {
          layoutActions.setDrawer(false);
          toggleSearch();
        }} data-testid="search-button">
        <Search className="size-4" aria-hidden />
        <span className="sr-only">{t("app:search.open")}</span>
      </button>
      <Link to="/discover" className={ICON_BUTTON} title={t("app:shell.discover")} onClick={() => layoutActions.setDrawer(false)}>
        <Compass className="size-4" aria-hidden />
        <span className="sr-only">{t("app:shell.discover")}</span>
      </Link>
      <button type="button" className={ICON_BUTTON} title={t("app:subscriptions.follow")} onClick={() => openFollowDialog({ view })} data-testid="follow-button">
        <Plus className="size-4" aria-hidden />
        <span className="sr-only">{t("app:subscriptions.follow")}</span>
      </button>
    </header>
  );
}
