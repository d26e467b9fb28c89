import { RSSHUB_MAX_MONTHS, type RsshubInstance } from "@tidings/contracts";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { PrimaryButton, SecondaryButton } from "../../components/form-fields.tsx";
import { instanceName } from "./instance-text.ts";
import { ProblemBox } from "./problem-box.tsx";
import { useRsshubActions } from "./rsshub-api.ts";
import { type RsshubProblem, useRsshubErrorText } from "./rsshub-errors.ts";
import { INPUT, LABEL } from "./styles.ts";

const MONTHS = Array.from({ length: RSSHUB_MAX_MONTHS }, (_, index) => index + 1);

/** Using a paid instance: for how many months (1–12), what that costs, and the server's answer. */
export function PurchaseForm({ instance, onDone }: { instance: RsshubInstance; onDone: () => void }) {
  const { t } = useTranslation("app");
  const id = useId();
  const actions = useRsshubActions();
  const problemText = useRsshubErrorText();
  const [months, setMonths] = useState(1);
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<RsshubProblem | null>(null);
  const name = instanceName(instance, t);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setProblem(null);
    try {
      await actions.use(instance.id, months);
      toast.success(t("rsshub.used", { name }));
      onDone();
    } catch (error) {
      setProblem(problemText(error));
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-4 p-5" data-testid="rsshub-purchase-form">
      <p className="text-sm">
        <span className="font-medium" data-user-content>
          {name}
        </span>
        {" · "}
        {t("rsshub.price_month", { price: instance.price })}
      </p>
      <div className="space-y-1">
        <label htmlFor={id} className={LABEL}>
          {t("rsshub.purchase.months")}
        </label>
        <select id={id} name="durationInMonths" value={months} onChange={(event) => setMonths(Number(event.target.value))} className={INPUT}>
          {MONTHS.map((count) => (
            <option key={count} value={count}>
              {count}
            </option>
          ))}
        </select>
      </div>
      <p className="text-sm font-medium" data-testid="rsshub-purchase-total">
        {t("rsshub.purchase.total", { price: instance.price, months, total: instance.price * months })}
      </p>
      {problem ? <ProblemBox problem={problem} /> : null}
      <div className="flex justify-end gap-2 pt-1">
        <SecondaryButton onClick={onDone}>{t("modal.cancel")}</SecondaryButton>
        <PrimaryButton pending={pending}>{t("rsshub.use")}</PrimaryButton>
      </div>
    </form>
  );
}
