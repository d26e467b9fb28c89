import i18next from "i18next";
import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "sonner";

/** How long a copy button shows its check mark (spec §9). */
export const COPY_CHECK_MS = 2000;

/** Copies text; `copied` is true for 2 s after a success. A refused clipboard is an error toast. */
export function useCopy() {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = useCallback(async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
    } catch (error) {
      const message = i18next.t("clipboard_write_failed");
      toast.error(message);
      throw new Error(message, { cause: error });
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPY_CHECK_MS);
  }, []);
  return { copied, copy };
}
