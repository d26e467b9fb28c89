import { Check, Copy } from "lucide-react";
import { useCopy } from "./use-copy.ts";

/** The secondary line of an error toast, with a copy button. */
export function CopyableReason({ text }: { text: string }) {
  const { copied, copy } = useCopy();
  return (
    <span className="flex items-start gap-1.5">
      <span className="break-all">{text}</span>
      <button type="button" aria-label="Copy" onClick={() => copy(text).catch(() => {})} className="shrink-0 opacity-60 hover:opacity-100">
        {copied ? <Check className="size-3.5" aria-hidden /> : <Copy className="size-3.5" aria-hidden />}
      </button>
    </span>
  );
}
