import { useQuery } from "@tanstack/react-query";
import type { Wallet } from "@tidings/contracts";
import { formatPower } from "@tidings/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { toastError } from "../toast/index.ts";
import { multiplierOf } from "./level.ts";
import { claimCheckQuery, usePowerActions, walletQuery } from "./power-api.ts";
import { PowerAmount, ProblemText, useErrorText } from "./power-ui.tsx";
import { CARD, HINT, PRIMARY } from "./styles.ts";

/**
 * The reader's balance: the total, its daily and withdrawable parts, their level with the
 * activity multiplier, and Claim Daily Power with today's amount.
 */
export function BalanceCard() {
  const { t } = useTranslation("app");
  const errorText = useErrorText();
  const wallet = useQuery(walletQuery);
  return (
    <section aria-labelledby="power-balance-title" className={CARD} data-testid="power-balance-card">
      <h3 id="power-balance-title" className="text-sm font-semibold">
        {t("power.balance.title")}
      </h3>
      {wallet.isPending ? <p className={HINT}>{t("power.loading")}</p> : null}
      {wallet.isError ? <ProblemText>{errorText(wallet.error)}</ProblemText> : null}
      {wallet.data ? <WalletSummary wallet={wallet.data} /> : null}
      {wallet.isSuccess && !wallet.data ? <p className={HINT}>{t("power.balance.no_wallet")}</p> : null}
    </section>
  );
}

function WalletSummary({ wallet }: { wallet: Wallet }) {
  const { t } = useTranslation("app");
  const level = wallet.level;
  const multiplier = multiplierOf(level);
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end gap-3">
        <PowerAmount units={wallet.powerToken} className="text-3xl font-semibold" testId="power-balance" />
        {level ? (
          <span className="mb-1 inline-flex items-center gap-1 rounded-full bg-orange-500/10 px-2 py-0.5 text-xs font-semibold text-orange-700 dark:text-orange-300" data-testid="power-level">
            {t("power.balance.level", { level: level.level })}
            <span title={t("power.balance.multiplier_hint")}>{t("power.balance.multiplier", { multiplier })}</span>
          </span>
        ) : null}
        {level?.rank ? <span className="mb-1 text-xs text-zinc-500">{t("power.balance.rank", { rank: level.rank })}</span> : null}
      </div>
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className={HINT}>{t("power.balance.daily")}</dt>
          <dd>
            <PowerAmount units={wallet.dailyPowerToken} testId="power-daily" />
          </dd>
        </div>
        <div>
          <dt className={HINT}>{t("power.balance.cashable")}</dt>
          <dd>
            <PowerAmount units={wallet.cashablePowerToken} testId="power-cashable" />
          </dd>
        </div>
      </dl>
      <ClaimDaily amount={wallet.todayDailyPower} />
    </div>
  );
}

/** Claim Daily Power: on while the server says today's reward may be claimed. */
export function ClaimDaily({ amount }: { amount: string }) {
  const { t } = useTranslation("app");
  const check = useQuery(claimCheckQuery);
  const actions = usePowerActions();
  const [pending, setPending] = useState(false);
  const claimable = check.data === true;

  const claim = async () => {
    setPending(true);
    try {
      await actions.claimDaily();
      toast.success(t("power.balance.claimed", { amount: formatPower(amount) }));
    } catch (error) {
      toastError(error);
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-3 border-t border-zinc-100 pt-3 dark:border-zinc-800">
      <p className="flex flex-1 items-center gap-1 text-sm">
        <span className="text-zinc-500">{t("power.balance.today")}</span>
        <PowerAmount units={amount} className="font-medium" testId="power-today" />
      </p>
      <button type="button" className={PRIMARY} disabled={!claimable || pending} aria-busy={pending || undefined} onClick={() => void claim()}>
        {t("power.balance.claim")}
      </button>
      {check.isSuccess && !claimable ? <p className={`w-full ${HINT}`}>{t("power.balance.claim_later")}</p> : null}
    </div>
  );
}
