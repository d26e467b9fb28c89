import { LogOut } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useSignOut } from "../auth/index.ts";
import { confirm } from "../modal/index.ts";

/** The last item of the settings sidebar: signs out once confirmed. */
export function SignOutItem() {
  const { t } = useTranslation("settings");
  const signOut = useSignOut();
  const ask = async () => {
    const sure = await confirm({ title: t("sign_out.title"), message: t("sign_out.message"), variant: "warning", confirmText: t("sign_out.confirm") });
    if (sure) await signOut();
  };
  return (
    <button
      type="button"
      onClick={() => void ask()}
      className="flex shrink-0 items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm text-red-600 hover:bg-red-50 md:mt-2 md:w-full dark:text-red-400 dark:hover:bg-red-950/40"
    >
      <LogOut className="size-4" aria-hidden />
      {t("tabs.sign_out")}
    </button>
  );
}
