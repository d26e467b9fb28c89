import { useTranslation } from "react-i18next";
import { modal } from "../modal/index.ts";
import { displayKeys } from "./keys.ts";
import { SHORTCUT_GROUPS, SHORTCUTS, type ShortcutId } from "./shortcuts.ts";

const GUIDE_ID = "shortcuts-guide";

/** Opens (or closes, when open) the shortcuts guide (H). */
export function toggleShortcutsGuide(title: string): void {
  if (modal.isOpen(GUIDE_ID)) return modal.dismiss(GUIDE_ID);
  modal.present({ id: GUIDE_ID, title, size: "lg", resizable: true, content: () => <ShortcutsGuide /> });
}

/** Every shortcut of the table, by group, with the keys as this system writes them. */
export function ShortcutsGuide() {
  const { t } = useTranslation("shortcuts");
  const ids = Object.keys(SHORTCUTS) as ShortcutId[];
  return (
    <div className="grid gap-x-8 gap-y-5 p-5 sm:grid-cols-2" data-testid="shortcuts-guide">
      {SHORTCUT_GROUPS.map((group) => (
        <section key={group}>
          <h3 className="mb-2 text-xs font-semibold tracking-wide text-zinc-500 uppercase">{t(`groups.${group}`)}</h3>
          <ul className="space-y-1">
            {ids
              .filter((id) => SHORTCUTS[id].group === group)
              .map((id) => (
                <li key={id} className="flex items-center justify-between gap-3 text-sm">
                  <span className="text-zinc-700 dark:text-zinc-300">{t(id)}</span>
                  <span className="flex shrink-0 flex-wrap justify-end gap-1">
                    {SHORTCUTS[id].keys.map((keys) => (
                      <span key={keys} className="flex gap-0.5">
                        {displayKeys(keys).map((step, i) => (
                          <kbd
                            key={i}
                            className="rounded border border-zinc-200 bg-zinc-50 px-1.5 py-0.5 font-sans text-[11px] font-medium text-zinc-600 dark:border-zinc-700 dark:bg-zinc-800 dark:text-zinc-300"
                          >
                            {step}
                          </kbd>
                        ))}
                      </span>
                    ))}
                  </span>
                </li>
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
