import { useQuery } from "@tanstack/react-query";
import { BOOST_MONTHS, type BoostStatus, formatPower, POWER_DECIMALS } from "@tidings/contracts";
import i18next from "i18next";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { PrimaryButton, SecondaryButton } from "../../components/form-fields.tsx";
import { formatDateTime } from "../../lib/format.ts";
import { modal } from "../modal/index.ts";
import { BoostBenefits, Boosters } from "./boost-parts.tsx";
import { boostStatusQuery, usePowerActions, walletQuery } from "./power-api.ts";
import { PowerAmount, ProblemText, useErrorText } from "./power-ui.tsx";
import { HINT } from "./styles.ts";
import { shownByFields, TotpField } from "./totp-field.tsx";
import { usePayment } from "./use-payment.ts";

export const BOOST_DIALOG_ID = "power-boost";

/** The feed a boost is for. */
export interface BoostTarget {
  feedId: string;
  title: string;
}

/** Opens the boost dialog of a feed (spec §2 "boost feed"). */
export function openBoostDialog(target: BoostTarget): void {
  modal.present({
    id: BOOST_DIALOG_ID,
    title: i18next.t("app:power.boost.title"),
    size: "md",
    dismissOnOutsideClick: false,
    content: ({ dismiss }) => <BoostForm target={target} onDone={dismiss} />,
  });
}

type Months = (typeof BOOST_MONTHS)[number];

/** What a boost of `months` costs, in units: the feed's monthly cost times the months. */
export const boostTotal = (status: Pick<BoostStatus, "monthlyBoostCost">, months: number): bigint => BigInt(status.monthlyBoostCost || "0") * BigInt(months);

/** Boosts a feed for 1, 3, 6 or 12 months: its level, boosters and what each level brings. */
export function BoostForm({ target, onDone }: { target: BoostTarget; onDone: () => void }) {
  const { t } = useTranslation("app");
  const status = useQuery(boostStatusQuery(target.feedId));
  const errorText = useErrorText();
  return (
    <div className="space-y-4 p-5" data-testid="boost-form">
      <p className="text-sm font-medium" data-user-content>
        {target.title}
      </p>
      {status.isPending ? <p className={HINT}>{t("power.loading")}</p> : null}
      {status.isError ? <ProblemText>{errorText(status.error)}</ProblemText> : null}
      {status.data ? <BoostStatusLines status={status.data} /> : null}
      {status.data ? <BoostPurchase target={target} status={status.data} onDone={onDone} /> : <SecondaryButton onClick={onDone}>{t("modal.cancel")}</SecondaryButton>}
      <Boosters feedId={target.feedId} />
      <BoostBenefits level={status.data?.level ?? 0} />
    </div>
  );
}

function BoostStatusLines({ status }: { status: BoostStatus }) {
  const { t, i18n } = useTranslation("app");
  return (
    <div className="space-y-1 rounded-lg bg-zinc-50 px-3 py-2 text-sm dark:bg-zinc-800/60" data-testid="boost-status">
      <p>
        <span className="font-semibold">{t("power.boost.level", { level: status.level })}</span>
        {" · "}
        {t("power.boost.count", { count: status.boostCount })}
      </p>
      <p className={HINT}>{status.remainingBoostsToLevelUp > 0 ? t("power.boost.to_next", { count: status.remainingBoostsToLevelUp, level: status.level + 1 }) : t("power.boost.top_level")}</p>
      {status.lastValidBoost ? <p className={HINT}>{t("power.boost.yours_until", { date: formatDateTime(status.lastValidBoost.expiresAt, i18n.language) })}</p> : null}
    </div>
  );
}

function BoostPurchase({ target, status, onDone }: { target: BoostTarget; status: BoostStatus; onDone: () => void }) {
  const { t, i18n } = useTranslation("app");
  const actions = usePowerActions();
  const errorText = useErrorText();
  const wallet = useQuery(walletQuery);
  const [months, setMonths] = useState<Months>(BOOST_MONTHS[0]);
  const total = boostTotal(status, months);
  const payment = usePayment((guard) => actions.boost({ feedId: target.feedId, amount: formatPower(total, POWER_DECIMALS), ...guard }));
  const tooMuch = wallet.data ? total > BigInt(wallet.data.powerToken || "0") : false;
  const missingCode = payment.needsCode && payment.code.trim().length < 6;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (tooMuch || total <= 0n || payment.pending) return;
    const result = await payment.submit();
    if (!result) return;
    toast.success(t("power.boost.done", { title: target.title, date: formatDateTime(result.expiresAt, i18n.language) }));
    onDone();
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-3" aria-label={t("power.boost.title")}>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-zinc-700 dark:text-zinc-300">{t("power.boost.duration")}</legend>
        <div className="flex flex-wrap gap-2">
          {BOOST_MONTHS.map((option) => (
            <label
              key={option}
              className="flex cursor-pointer items-center gap-1.5 rounded-lg border border-zinc-300 px-3 py-1.5 text-sm has-checked:border-orange-500 has-checked:bg-orange-500/10 dark:border-zinc-700"
            >
              <input
                type="radio"
                name="months"
                value={option}
                checked={months === option}
                onChange={() => {
                  setMonths(option);
                  payment.restart();
                }}
                className="accent-orange-500"
              />
              {t("power.boost.months", { count: option })}
            </label>
          ))}
        </div>
      </fieldset>
      <p className="flex flex-wrap items-center gap-1 text-sm">
        <span className="text-zinc-500">{t("power.boost.cost")}</span>
        <PowerAmount units={status.monthlyBoostCost} />
        <span aria-hidden>×</span>
        <span>{months}</span>
        <span aria-hidden>=</span>
        <PowerAmount units={total} className="font-semibold" testId="boost-total" />
      </p>
      <p className={HINT}>
        {t("power.tip.balance")} {wallet.data ? <PowerAmount units={wallet.data.powerToken} /> : "…"}
      </p>
      {tooMuch ? (
        <p role="alert" className="text-xs text-red-600 dark:text-red-400">
          {t("power.boost.insufficient")}
        </p>
      ) : null}
      <TotpField payment={payment} />
      {payment.error && !shownByFields(payment.error) ? <ProblemText>{errorText(payment.error)}</ProblemText> : null}
      <div className="flex justify-end gap-2 pt-1">
        <SecondaryButton onClick={onDone}>{t("modal.cancel")}</SecondaryButton>
        <PrimaryButton pending={payment.pending} disabled={tooMuch || total <= 0n || missingCode}>
          {t("power.boost.submit")}
        </PrimaryButton>
      </div>
    </form>
  );
}
