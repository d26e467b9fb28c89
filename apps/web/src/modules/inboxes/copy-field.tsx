import { Check, Copy, Eye, EyeOff } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useCopy } from "../toast/index.ts";

/** A read-only value with a copy button (a check mark for 2 s); `secret` hides it until shown. */
export function CopyField({ label, value, secret }: { label: string; value: string; secret?: boolean }) {
  const { t } = useTranslation("app");
  const { copied, copy } = useCopy();
  const [shown, setShown] = useState(!secret);
  return (
    <div className="flex items-center gap-3 text-xs">
      <span className="w-24 shrink-0 text-zinc-500">{label}</span>
      <code className="min-w-0 flex-1 truncate rounded-md bg-zinc-100 px-2 py-1 font-mono text-[12px] text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200" data-testid={secret ? "inbox-secret" : undefined}>
        {shown ? value : "•".repeat(24)}
      </code>
      {secret ? (
        <button
          type="button"
          className="rounded-md p-1 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
          aria-label={shown ? t("inboxes.hide", { what: label }) : t("inboxes.show", { what: label })}
          title={shown ? t("inboxes.hide", { what: label }) : t("inboxes.show", { what: label })}
          onClick={() => setShown((value) => !value)}
        >
          {shown ? <EyeOff className="size-3.5" aria-hidden /> : <Eye className="size-3.5" aria-hidden />}
        </button>
      ) : null}
      <button
        type="button"
        className="rounded-md p-1 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
        aria-label={t("inboxes.copy", { what: label })}
        title={t("inboxes.copy", { what: label })}
        onClick={() => void copy(value).catch(() => undefined)}
      >
        {copied ? <Check className="size-3.5 text-green-600" aria-hidden /> : <Copy className="size-3.5" aria-hidden />}
      </button>
    </div>
  );
}
