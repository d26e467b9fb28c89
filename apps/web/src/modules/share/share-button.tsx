import { useQuery } from "@tanstack/react-query";
import { Share2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { sessionQuery } from "../../queries/session.ts";
import { openShareDialog } from "./share-dialog.tsx";
import type { ShareSubject } from "./share-links.ts";

/**
 * Opens the share dialog for what a share page shows. Only for a signed-in reader: the dialog
 * lives in the app's modal stack, which a signed-out visitor's page does not have.
 */
export function ShareButton({ subject }: { subject: ShareSubject }) {
  const { t } = useTranslation("app");
  const { data: session } = useQuery(sessionQuery);
  if (!session) return null;
  return (
    <button
      type="button"
      onClick={() => openShareDialog(subject)}
      aria-label={t("share_dialog.share_title", { title: subject.title })}
      title={t("share_dialog.title")}
      className="inline-flex shrink-0 items-center rounded-lg border border-zinc-300 p-1.5 text-zinc-600 hover:bg-zinc-100 dark:border-zinc-700 dark:text-zinc-300 dark:hover:bg-zinc-800"
    >
      <Share2 className="size-4" aria-hidden />
    </button>
  );
}
