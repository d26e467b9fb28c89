import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { instanceName } from "./instance-text.ts";
import { rsshubStatusQuery } from "./rsshub-api.ts";

/** Which instance answers the reader's `rsshub://` addresses: their chosen one, or the server's default. */
export function ResolvedThrough() {
  const { t } = useTranslation("app");
  const status = useQuery(rsshubStatusQuery);
  if (!status.data) return null;
  const chosen = status.data.instance;
  return (
    <p className="text-xs text-zinc-500" data-testid="rsshub-resolved-through">
      {t("rsshub.resolved_through")}{" "}
      {chosen ? (
        <span className="font-medium text-zinc-700 dark:text-zinc-300" data-user-content>
          {instanceName(chosen, t)}
        </span>
      ) : (
        <span className="font-medium text-zinc-700 dark:text-zinc-300">{t("rsshub.resolved_default")}</span>
      )}
    </p>
  );
}
