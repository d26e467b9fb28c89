import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { toastError } from "../toast/index.ts";
import { downloadOpml, type FolderMode } from "./opml-api.ts";
import { OpmlImport } from "./opml-import.tsx";

const LABEL = "block text-sm font-medium text-zinc-700 dark:text-zinc-300";
const CONTROL =
  "w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm outline-none focus:border-orange-500 focus:ring-2 focus:ring-orange-500/20 dark:border-zinc-700 dark:bg-zinc-900";

/** The OPML part of Settings → Data control: import subscriptions from a file, export them to one. */
export function OpmlSettings() {
  const { t } = useTranslation("app");
  return (
    <div className="space-y-8 border-t border-zinc-100 pt-6 dark:border-zinc-800">
      <section className="space-y-3" aria-labelledby="opml-import-title">
        <div>
          <h3 id="opml-import-title" className="text-base font-semibold">
            {t("opml.import_title")}
          </h3>
          <p className="text-xs text-zinc-500">{t("opml.import_description")}</p>
        </div>
        <OpmlImport />
      </section>
      <OpmlExport />
    </div>
  );
}

function OpmlExport() {
  const { t } = useTranslation("app");
  const [folderMode, setFolderMode] = useState<FolderMode>("category");
  const [rsshub, setRsshub] = useState("");
  const [pending, setPending] = useState(false);

  const download = async () => {
    setPending(true);
    try {
      const name = await downloadOpml(folderMode, rsshub);
      toast.success(t("opml.exported", { name }));
    } catch (error) {
      toastError(error);
    } finally {
      setPending(false);
    }
  };

  return (
    <section className="space-y-3" aria-labelledby="opml-export-title">
      <div>
        <h3 id="opml-export-title" className="text-base font-semibold">
          {t("opml.export_title")}
        </h3>
        <p className="text-xs text-zinc-500">{t("opml.export_description")}</p>
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div className="space-y-1">
          <label htmlFor="opml-folder-mode" className={LABEL}>
            {t("opml.folder_mode")}
          </label>
          <select id="opml-folder-mode" value={folderMode} onChange={(event) => setFolderMode(event.target.value as FolderMode)} className={CONTROL}>
            <option value="category">{t("opml.folder_mode_category")}</option>
            <option value="view">{t("opml.folder_mode_view")}</option>
          </select>
        </div>
        <div className="space-y-1">
          <label htmlFor="opml-rsshub" className={LABEL}>
            {t("opml.rsshub_url")}
          </label>
          <input id="opml-rsshub" type="url" value={rsshub} placeholder="https://rsshub.app" onChange={(event) => setRsshub(event.target.value)} className={CONTROL} />
        </div>
      </div>
      <p className="text-xs text-zinc-500">{t("opml.rsshub_hint")}</p>
      <button
        type="button"
        disabled={pending}
        aria-busy={pending || undefined}
        onClick={() => void download()}
        className="rounded-lg border border-zinc-300 px-3 py-1.5 text-sm font-medium hover:bg-zinc-50 disabled:opacity-50 dark:border-zinc-700 dark:hover:bg-zinc-800"
      >
        {t("opml.export_button")}
      </button>
    </section>
  );
}
