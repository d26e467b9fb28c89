import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useAsyncAction } from "../../components/use-async-action.ts";
import { providersQuery } from "../auth/index.ts";
import { accountApi, type LinkedAccount } from "./account-api.ts";
import { accountKeys } from "./account-queries.ts";
import { Badge, Button, Panel } from "./ui.tsx";

/**
 * The ways to sign in: the password and each linked provider. Link any configured provider not
 * linked yet; unlink one (the server refuses to remove the last way in; its message shows).
 */
export function LinkedAccountsSection({ accounts }: { accounts: LinkedAccount[] }) {
  const { t } = useTranslation("app");
  const queryClient = useQueryClient();
  const providers = useQuery(providersQuery);
  const { pending, error, run } = useAsyncAction<string>();

  const linked = new Set(accounts.map((account) => account.providerId));
  const available = Object.values(providers.data ?? {});
  const nameOf = (id: string) => (id === "credential" ? t("account.password_login") : (providers.data?.[id]?.name ?? id));
  const unlinked = available.filter((provider) => !linked.has(provider.id));
  return (
    <Panel id="linked" title={t("account.linked_title")} description={t("account.linked_description")}>
      <ul aria-label={t("account.linked_title")} className="divide-y divide-zinc-100 dark:divide-zinc-800">
        {accounts.map((account) => (
          <li key={account.id} className="flex items-center gap-3 py-2.5" data-testid="linked-account">
            <span className="flex-1 text-sm font-medium">{nameOf(account.providerId)}</span>
            <Badge tone="grey">{t("account.linked")}</Badge>
            {account.providerId === "credential" ? null : (
              <Button
                pending={pending === account.id}
                onClick={() =>
                  void run(async () => {
                    await accountApi.unlinkAccount(account);
                    await queryClient.invalidateQueries({ queryKey: accountKeys.linked });
                  }, account.id)
                }
              >
                {t("account.unlink")}
              </Button>
            )}
          </li>
        ))}
        {unlinked.map((provider) => (
          <li key={provider.id} className="flex items-center gap-3 py-2.5">
            <span className="flex-1 text-sm font-medium">{provider.name}</span>
            <Button
              pending={pending === provider.id}
              onClick={() =>
                void run(async () => {
                  const { url } = await accountApi.linkProvider(provider.id);
                  window.location.assign(url);
                }, provider.id)
              }
            >
              {t("account.link")}
            </Button>
          </li>
        ))}
      </ul>
      {error ? <p role="alert" className="text-sm text-red-600 dark:text-red-400">{error}</p> : null}
    </Panel>
  );
}
