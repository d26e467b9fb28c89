import { useTranslation } from "react-i18next";
import { SubscriptionColumn } from "../subscription-column/index.ts";
import { UserMenu } from "./user-menu.tsx";
import { VIEW_ICONS } from "./view-icons.ts";

/**
 * The left column of the signed-in app: the subscription column, with the account (and the sync
 * indicator) at its foot. The layout owns the view icons and hands them over.
 */
export function Sidebar() {
  const { t } = useTranslation("app");
  return (
    <aside
      data-sidebar
      className="flex h-dvh w-full flex-col border-r border-zinc-200 bg-zinc-50/80 dark:border-zinc-800/80 dark:bg-zinc-900/60"
      aria-label={t("subscriptions.column")}
    >
      <SubscriptionColumn viewIcons={VIEW_ICONS} footer={<UserMenu />} />
    </aside>
  );
}
