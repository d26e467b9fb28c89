import clsx from "clsx";
import { Check, Plus } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { FollowToggle } from "./use-follow-toggle.ts";

/** Follow / Followed: orange when it follows, quiet once followed (hover offers Unfollow). */
export function FollowButton({ toggle, title, size = "md" }: { toggle: FollowToggle; title: string; size?: "sm" | "md" }) {
  const { t } = useTranslation("app");
  const label = toggle.followed ? t("discover.followed") : t("discover.follow");
  return (
    <button
      type="button"
      onClick={toggle.toggle}
      disabled={toggle.pending}
      aria-pressed={toggle.followed}
      title={toggle.followed ? t("discover.unfollow_title", { title }) : t("discover.follow_title", { title })}
      className={clsx(
        "group inline-flex shrink-0 items-center gap-1 rounded-lg font-medium transition-colors disabled:opacity-70",
        size === "sm" ? "px-2 py-1 text-xs" : "px-3 py-1.5 text-sm",
        toggle.followed
          ? "border border-zinc-300 text-zinc-600 hover:border-red-300 hover:text-red-600 dark:border-zinc-700 dark:text-zinc-300 dark:hover:border-red-900 dark:hover:text-red-400"
          : "bg-orange-500 text-white hover:bg-orange-600",
      )}
    >
      {toggle.followed ? <Check className="size-3.5" aria-hidden /> : <Plus className="size-3.5" aria-hidden />}
      <span>{label}</span>
    </button>
  );
}
