import clsx from "clsx";
import { AlertTriangle, CircleHelp, OctagonAlert } from "lucide-react";
import { type ReactNode, useEffect, useEffectEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { modal } from "./modal.store.ts";

export type ConfirmVariant = "ask" | "warning" | "danger";

export interface ConfirmOptions {
  title: ReactNode;
  message?: ReactNode;
  variant?: ConfirmVariant;
  confirmText?: string;
  cancelText?: string;
  /** Seconds after which Confirm answers by itself (the mark-all-read countdown). */
  autoConfirmSeconds?: number;
  /** Extra content under the message (e.g. a "do not ask again" checkbox). */
  children?: ReactNode;
}

const ICONS = { ask: CircleHelp, warning: AlertTriangle, danger: OctagonAlert } as const;
const TONES = {
  ask: "text-orange-500 bg-orange-50 dark:bg-orange-500/10",
  warning: "text-amber-600 bg-amber-50 dark:bg-amber-500/10",
  danger: "text-red-600 bg-red-50 dark:bg-red-500/10",
} as const;

/**
 * Asks for confirmation (spec §2: variants ask, warning, danger; Cancel and Confirm; never closed
 * by an outside click). Resolves true on Confirm, false on Cancel, Escape or close.
 */
export function confirm(options: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    let answered = false;
    const answer = (value: boolean) => {
      if (answered) return;
      answered = true;
      resolve(value);
    };
    const id = modal.present({
      label: typeof options.title === "string" ? options.title : "confirm",
      size: "sm",
      draggable: false,
      dismissOnOutsideClick: false,
      onClose: () => answer(false),
      content: ({ dismiss }) => (
        <ConfirmBody
          options={options}
          onAnswer={(value) => {
            answer(value);
            dismiss();
          }}
        />
      ),
    });
    void id;
  });
}

function ConfirmBody({ options, onAnswer }: { options: ConfirmOptions; onAnswer: (value: boolean) => void }) {
  const { t } = useTranslation("app");
  const variant = options.variant ?? "ask";
  const Icon = ICONS[variant];
  const [left, setLeft] = useState(options.autoConfirmSeconds ?? 0);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const answerLater = useEffectEvent((value: boolean) => onAnswer(value));

  useEffect(() => confirmButton.current?.focus(), []);
  useEffect(() => {
    if (!options.autoConfirmSeconds) return;
    const timer = setInterval(() => setLeft((n) => n - 1), 1000);
    return () => clearInterval(timer);
  }, [options.autoConfirmSeconds]);
  useEffect(() => {
    if (options.autoConfirmSeconds && left <= 0) answerLater(true);
  }, [left, options.autoConfirmSeconds]);

  return (
    <div className="p-5" role="alertdialog" aria-label={typeof options.title === "string" ? options.title : undefined}>
      <div className="flex gap-3">
        <div className={clsx("flex size-9 shrink-0 items-center justify-center rounded-full", TONES[variant])}>
          <Icon className="size-5" aria-hidden />
        </div>
        <div className="min-w-0 flex-1">
          <h2 className="font-semibold">{options.title}</h2>
          {options.message ? <div className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{options.message}</div> : null}
          {options.children}
        </div>
      </div>
      <div className="mt-5 flex justify-end gap-2">
        <button type="button" className="rounded-lg px-3 py-1.5 text-sm font-medium text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800" onClick={() => onAnswer(false)}>
          {options.cancelText ?? t("modal.cancel")}
        </button>
        <button
          ref={confirmButton}
          type="button"
          className={clsx(
            "rounded-lg px-3 py-1.5 text-sm font-medium text-white tabular-nums",
            variant === "danger" ? "bg-red-600 hover:bg-red-700" : "bg-orange-500 hover:bg-orange-600",
          )}
          onClick={() => onAnswer(true)}
        >
          {options.confirmText ?? t("modal.confirm")}
          {options.autoConfirmSeconds ? ` (${Math.max(left, 0)})` : ""}
        </button>
      </div>
    </div>
  );
}
