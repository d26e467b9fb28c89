import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { profileApi } from "./account-api.ts";
import { accountKeys, instanceQuery, statusConfigsQuery } from "./account-queries.ts";
import { messageOf, Panel } from "./ui.tsx";

/** Admins: whether new accounts need an invitation code on this instance. */
export function InstanceGate() {
  const { t } = useTranslation("app");
  const queryClient = useQueryClient();
  const instance = useQuery(instanceQuery);
  const change = useMutation({
    mutationFn: profileApi.setInstance,
    onSuccess: async (data) => {
      queryClient.setQueryData(accountKeys.instance, data);
      await queryClient.invalidateQueries({ queryKey: statusConfigsQuery.queryKey });
    },
  });
  const required = instance.data?.invitationsRequired ?? false;
  return (
    <Panel id="instance" title={t("invitations.admin_title")}>
      <label className="flex items-start justify-between gap-4">
        <span>
          <span className="block text-sm font-medium">{t("invitations.require")}</span>
          <span className="block text-xs text-zinc-500">{t("invitations.require_description")}</span>
        </span>
        <input
          type="checkbox"
          role="switch"
          className="mt-1 size-4 accent-orange-500"
          checked={required}
          aria-checked={required}
          disabled={instance.isPending || change.isPending}
          onChange={(event) => change.mutate({ invitationsRequired: event.target.checked })}
        />
      </label>
      {instance.isError ? (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {messageOf(instance.error)}
        </p>
      ) : null}
    </Panel>
  );
}
