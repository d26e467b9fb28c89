import { Check, Copy, Download } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useCopy } from "../toast/index.ts";
import { Button } from "./ui.tsx";

/** Saves the codes as a text file. */
function download(codes: string[]): void {
  const url = URL.createObjectURL(new Blob([codes.join("\n") + "\n"], { type: "text/plain" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = "tidings-backup-codes.txt";
  link.click();
  URL.revokeObjectURL(url);
}

/** The backup codes, shown once, with copy and download. */
export function BackupCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation("app");
  const { copied, copy } = useCopy();
  return (
    <div className="space-y-3 rounded-lg bg-zinc-50 p-4 dark:bg-zinc-800/50">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("account.backup_codes_hint")}</p>
      <ul aria-label={t("account.backup_codes")} className="grid grid-cols-2 gap-1 font-mono text-sm sm:grid-cols-3" data-testid="backup-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex gap-2">
        <Button onClick={() => void copy(codes.join("\n")).catch(() => undefined)}>
          {copied ? <Check className="size-4 text-green-600" aria-hidden /> : <Copy className="size-4" aria-hidden />}
          {copied ? t("common:copied") : t("common:copy")}
        </Button>
        <Button onClick={() => download(codes)}>
          <Download className="size-4" aria-hidden />
          {t("account.download")}
        </Button>
      </div>
    </div>
  );
}
