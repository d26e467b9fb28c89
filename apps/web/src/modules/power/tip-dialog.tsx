import { useQuery } from "@tanstack/react-query";
import { ErrorCode } from "@tidings/contracts";
import i18next from "i18next";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { PrimaryButton, SecondaryButton } from "../../components/form-fields.tsx";
import { useSource } from "../../store/sources.store.ts";
import { modal } from "../modal/index.ts";
import { usePowerActions, walletQuery } from "./power-api.ts";
import { PowerAmount, ProblemText, useErrorText } from "./power-ui.tsx";
import { ERROR, HINT, INPUT } from "./styles.ts";
import { exceeds, TIP_PRESETS, validAmount } from "./tip-amount.ts";
import { shownByFields, TotpField } from "./totp-field.tsx";
import { isErrorCode, usePayment } from "./use-payment.ts";

export const TIP_DIALOG_ID = "power-tip";

/** What the tip dialog needs to know about the entry. */
export interface TipTarget {
  entryId: string;
  feedId: string;
  title?: string;
}

/** Opens the tip dialog for an entry (spec §2 "tip dialog"). */
export function openTipDialog(target: TipTarget): void {
  modal.present({
    id: TIP_DIALOG_ID,
    title: i18next.t("app:power.tip.title"),
    size: "sm",
    dismissOnOutsideClick: false,
    content: ({ dismiss }) => <TipForm target={target} onDone={dismiss} />,
  });
}

type Choice = (typeof TIP_PRESETS)[number] | "custom";

/**
 * Tips an entry's feed: 10, 20 or another amount of POWER, against the reader's balance. An
 * unclaimed feed keeps its tips until its owner claims it, and the dialog says so.
 */
export function TipForm({ target, onDone }: { target: TipTarget; onDone: () => void }) {
  const { t } = useTranslation("app");
  const id = useId();
  const actions = usePowerActions();
  const errorText = useErrorText();
  const wallet = useQuery(walletQuery);
  const source = useSource(target.feedId);
  const feed = source?.type === "feed" ? source : null;
  const [choice, setChoice] = useState<Choice>(TIP_PRESETS[0]);
  const [custom, setCustom] = useState("");
  const amount = choice === "custom" ? custom.trim() : choice;
  const payment = usePayment((guard) => actions.tip({ amount, entryId: target.entryId, ...guard }));

  const tooMuch = exceeds(amount, wallet.data?.powerToken) || isErrorCode(payment.error, ErrorCode.InsufficientBalance);
  const badAmount = choice === "custom" && custom.trim() !== "" && !validAmount(custom);
  const amountError = tooMuch ? t("power.tip.insufficient") : badAmount ? t("power.amount_invalid") : undefined;
  const missingCode = payment.needsCode && payment.code.trim().length < 6;

  const choose = (next: Choice) => {
    setChoice(next);
    payment.restart();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!validAmount(amount) || tooMuch || payment.pending) return;
    const result = await payment.submit();
    if (!result) return;
    toast.success(t("power.tip.sent", { amount }));
    onDone();
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-4 p-5" aria-label={t("power.tip.title")} data-testid="tip-form">
      {target.title ? (
        <p className="line-clamp-2 text-sm font-medium" data-user-content>
          {target.title}
        </p>
      ) : null}
      {feed ? (
        <p className="text-xs text-zinc-600 dark:text-zinc-400" data-testid="tip-feed-status">
          {feed.ownerUserId ? t("power.tip.claimed", { feed: feed.title ?? feed.url }) : t("power.tip.unclaimed")}
        </p>
      ) : null}
      <fieldset className="space-y-2" aria-describedby={amountError ? `${id}-error` : undefined}>
        <legend className="text-sm font-medium text-zinc-700 dark:text-zinc-300">{t("power.tip.amount")}</legend>
        <div className="flex flex-wrap gap-2">
          {[...TIP_PRESETS, "custom" as const].map((option) => (
            <label
              key={option}
              className="flex cursor-pointer items-center gap-1.5 rounded-lg border border-zinc-300 px-3 py-1.5 text-sm has-checked:border-orange-500 has-checked:bg-orange-500/10 dark:border-zinc-700"
            >
              <input type="radio" name="amount" value={option} checked={choice === option} onChange={() => choose(option)} className="accent-orange-500" />
              {option === "custom" ? t("power.tip.custom") : t("power.amount_power", { amount: option })}
            </label>
          ))}
        </div>
        {choice === "custom" ? (
          <input
            aria-label={t("power.tip.custom_amount")}
            inputMode="decimal"
            autoFocus
            value={custom}
            onChange={(event) => {
              setCustom(event.target.value);
              payment.restart();
            }}
            aria-invalid={amountError ? true : undefined}
            className={INPUT}
            placeholder="5"
          />
        ) : null}
        {amountError ? (
          <p id={`${id}-error`} role="alert" className={ERROR}>
            {amountError}
          </p>
        ) : null}
        <p className={HINT}>
          {t("power.tip.balance")} {wallet.data ? <PowerAmount units={wallet.data.powerToken} testId="tip-balance" /> : "…"}
        </p>
      </fieldset>
      <TotpField payment={payment} />
      {payment.error && !shownByFields(payment.error, ErrorCode.InsufficientBalance) ? <ProblemText>{errorText(payment.error)}</ProblemText> : null}
      <div className="flex justify-end gap-2 pt-1">
        <SecondaryButton onClick={onDone}>{t("modal.cancel")}</SecondaryButton>
        <PrimaryButton pending={payment.pending} disabled={!validAmount(amount) || tooMuch || missingCode}>
          {t("power.tip.send")}
        </PrimaryButton>
      </div>
    </form>
  );
}
