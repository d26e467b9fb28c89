import i18next from "i18next";
import { markAllRead, type MarkAllScope } from "../../actions/mark-all.actions.ts";
import { confirm } from "../modal/index.ts";

/** Seconds before the mark-all-read confirmation answers yes by itself (Cancel stops it). */
export const MARK_ALL_COUNTDOWN_SECONDS = 3;

/**
 * Marks everything in scope read after a confirmation that confirms itself after a short
 * countdown (spec §2 "mark-all-read confirmation with a countdown"). `what` names the target
 * ("Articles", a feed title, a folder). Resolves whether it was marked.
 */
export async function confirmMarkAllRead(scope: MarkAllScope, what: string): Promise<boolean> {
  const yes = await confirm({
    title: i18next.t("app:mark_all.title", { what }),
    message: scope.startTime || scope.endTime ? i18next.t("app:mark_all.window") : i18next.t("app:mark_all.message"),
    confirmText: i18next.t("app:mark_all.confirm"),
    autoConfirmSeconds: MARK_ALL_COUNTDOWN_SECONDS,
  });
  if (!yes) return false;
  await markAllRead(scope).catch(() => undefined);
  return true;
}
