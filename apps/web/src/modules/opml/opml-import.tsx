import type { FeedView } from "@tidings/contracts";
import clsx from "clsx";
import { FileUp } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ViewSelect } from "../../components/form-fields.tsx";
import { formErrorText } from "./error-text.ts";
import { ImportResultTables } from "./import-result.tsx";
import { countFeedOutlines, type ImportResult, importOpml } from "./opml-api.ts";

type ImportState =
  | { step: "idle" }
  | { step: "importing"; name: string; count: number | null }
  | { step: "done"; name: string; result: ImportResult }
  | { step: "failed"; name: string; message: string };

/**
 * OPML import: pick or drop a file, choose the view for feeds the file puts in none, and see the
 * server's three lists. The server follows every feed in one request; a bar runs meanwhile.
 */
export function OpmlImport({ onImported }: { onImported?: (result: ImportResult) => void }) {
  const { t } = useTranslation("app");
  const input = useRef<HTMLInputElement>(null);
  const [view, setView] = useState<FeedView>(0);
  const [dragging, setDragging] = useState(false);
  const [state, setState] = useState<ImportState>({ step: "idle" });
  const busy = state.step === "importing";

  const start = async (file: File) => {
    setState({ step: "importing", name: file.name, count: countFeedOutlines(await file.text()) });
    try {
      const result = await importOpml(file, view);
      setState({ step: "done", name: file.name, result });
      onImported?.(result);
    } catch (error) {
      setState({ step: "failed", name: file.name, message: formErrorText(error) });
    }
  };

  const take = (files: FileList | null) => {
    const file = files?.[0];
    if (file && !busy) void start(file);
  };

  return (
    <div className="space-y-4">
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          take(event.dataTransfer.files);
        }}
        className={clsx(
          "flex flex-col items-center gap-2 rounded-xl border-2 border-dashed px-6 py-6 text-center transition-colors",
          dragging ? "border-orange-400 bg-orange-50 dark:bg-orange-500/10" : "border-zinc-300 dark:border-zinc-700",
        )}
      >
        <FileUp className="size-7 text-zinc-400" aria-hidden />
        <p className="text-sm">{t("opml.drop_hint")}</p>
        <button
          type="button"
          disabled={busy}
          onClick={() => input.current?.click()}
          className="rounded-lg border border-zinc-300 px-3 py-1.5 text-sm font-medium hover:bg-zinc-50 disabled:opacity-50 dark:border-zinc-700 dark:hover:bg-zinc-800"
        >
          {t("opml.choose_file")}
        </button>
        <input
          ref={input}
          type="file"
          accept=".opml,.xml,text/x-opml,text/xml,application/xml"
          className="hidden"
          aria-label={t("opml.file_label")}
          data-testid="opml-file"
          onChange={(event) => {
            take(event.target.files);
            event.target.value = "";
          }}
        />
      </div>
      <div className="max-w-xs">
        <ViewSelect value={view} onChange={setView} label={t("opml.default_view")} />
      </div>
      {state.step === "importing" ? (
        <div className="space-y-1.5" role="status" aria-live="polite">
          <p className="text-sm">{state.count ? t("opml.importing_count", { count: state.count, name: state.name }) : t("opml.importing", { name: state.name })}</p>
          <IndeterminateBar label={t("opml.progress")} />
        </div>
      ) : null}
      {state.step === "failed" ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-500/10 dark:text-red-400">
          {t("opml.failed", { name: state.name })} {state.message}
        </p>
      ) : null}
      {state.step === "done" ? <ImportResultTables result={state.result} /> : null}
    </div>
  );
}

/** A bar whose stripe runs back and forth: work under way with no measure of how far it got. */
function IndeterminateBar({ label }: { label: string }) {
  const stripe = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const animation = stripe.current?.animate?.([{ transform: "translateX(-100%)" }, { transform: "translateX(300%)" }], { duration: 1400, iterations: Infinity, easing: "ease-in-out" });
    // Cancelling rejects `finished`, which nobody awaits.
    animation?.finished.catch(() => undefined);
    return () => animation?.cancel();
  }, []);
  return (
    <div className="h-1.5 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800" role="progressbar" aria-label={label}>
      <div ref={stripe} className="h-full w-1/3 rounded-full bg-orange-500" />
    </div>
  );
}
