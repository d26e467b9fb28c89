import clsx from "clsx";
import { ArrowDown, ArrowUp, ChevronsDown, ChevronsUp, GripVertical } from "lucide-react";
import { type PointerEvent as ReactPointerEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { UI_DEFAULTS } from "../../store/settings-defaults.ts";
import { settingsActions, useUISetting } from "../../store/settings.store.ts";
import { useUnavailableIntegrationActions } from "../integrations/index.ts";
import { usePowerEnabled } from "../power/boot.ts";
import { ACTION_META } from "./action-meta.ts";
import { type Arrangement, arrangementOf, moveAction, toStoredOrder } from "./toolbar-order.ts";
import type { EntryActionId } from "./types.ts";

type ListName = keyof Arrangement;
interface Drop {
  list: ListName;
  index: number;
}

/** Where a pointer at (x, y) would drop: before the row under it (after it past its middle), or at the end of an empty spot. */
function dropAt(x: number, y: number): Drop | null {
  const element = document.elementFromPoint(x, y)?.closest<HTMLElement>("[data-drop-list]");
  if (!element) return null;
  const list = element.dataset.dropList as ListName;
  const row = document.elementFromPoint(x, y)?.closest<HTMLElement>("[data-drop-index]");
  if (!row || !element.contains(row)) return { list, index: Number(element.dataset.dropCount ?? 0) };
  const rect = row.getBoundingClientRect();
  const index = Number(row.dataset.dropIndex);
  return { list, index: y > rect.top + rect.height / 2 ? index + 1 : index };
}

const ICON_BUTTON =
  "inline-flex size-7 items-center justify-center rounded-md text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 disabled:pointer-events-none disabled:opacity-30 dark:hover:bg-zinc-800 dark:hover:text-zinc-100";

/**
 * Arranges the reader toolbar: which actions are buttons and which sit in the "more" menu, and
 * their order. Rows are dragged by their grip (pointer events, so touch works too) or moved with
 * the buttons, which keyboard and screen-reader users can reach. Every change is saved at once.
 */
export function CustomizeToolbar({ onDone }: { onDone?: () => void }) {
  const { t } = useTranslation("app");
  const integrationsOff = useUnavailableIntegrationActions();
  const power = usePowerEnabled({ fetch: false });
  // Actions the instance or this device cannot do are not offered (their place is kept).
  const arrangement = arrangementOf(useUISetting("toolbarOrder"), power ? integrationsOff : new Set([...integrationsOff, "tip"]));
  const [dragging, setDragging] = useState<EntryActionId | null>(null);
  const [drop, setDrop] = useState<Drop | null>(null);

  const save = (next: Arrangement) => settingsActions.setUI({ toolbarOrder: toStoredOrder(next.main, next.more) });
  const move = (id: EntryActionId, list: ListName, index: number) => save(moveAction(arrangement, id, list, index));

  const startDrag = (id: EntryActionId) => (event: ReactPointerEvent<HTMLElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.stopPropagation();
    event.currentTarget.setPointerCapture(event.pointerId);
    setDragging(id);
    setDrop(null);
  };
  const dragMove = (event: ReactPointerEvent<HTMLElement>) => {
    if (dragging) setDrop(dropAt(event.clientX, event.clientY));
  };
  const endDrag = (event: ReactPointerEvent<HTMLElement>) => {
    const target = dragging ? dropAt(event.clientX, event.clientY) : null;
    if (dragging && target) move(dragging, target.list, target.index);
    setDragging(null);
    setDrop(null);
  };

  const renderList = (list: ListName) => {
    const ids = arrangement[list];
    const other: ListName = list === "main" ? "more" : "main";
    return (
      <section aria-labelledby={`customize-${list}`}>
        <h3 id={`customize-${list}`} className="mb-1.5 text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">
          {t(list === "main" ? "entry_actions.customize_main" : "entry_actions.customize_more")}
        </h3>
        <ul
          data-drop-list={list}
          data-drop-count={ids.length}
          className={clsx(
            "min-h-11 rounded-lg border p-1",
            drop?.list === list ? "border-orange-400 bg-orange-50/50 dark:bg-orange-500/5" : "border-zinc-200 dark:border-zinc-800",
          )}
        >
          {ids.length === 0 ? <li className="px-2 py-2 text-sm text-zinc-400">{t("entry_actions.customize_empty")}</li> : null}
          {ids.map((id, index) => {
            const { icon: Icon, label } = ACTION_META[id];
            return (
              <li
                key={id}
                data-drop-index={index}
                data-action={id}
                className={clsx(
                  "relative flex items-center gap-2 rounded-md py-1 pr-1 pl-0.5 text-sm",
                  dragging === id ? "bg-zinc-100 opacity-60 dark:bg-zinc-800" : "hover:bg-zinc-50 dark:hover:bg-zinc-800/60",
                  drop?.list === list && drop.index === index && "before:absolute before:inset-x-1 before:-top-px before:h-0.5 before:rounded before:bg-orange-500",
                  drop?.list === list && drop.index === ids.length && index === ids.length - 1 && "after:absolute after:inset-x-1 after:-bottom-px after:h-0.5 after:rounded after:bg-orange-500",
                )}
              >
                <span
                  className="flex size-7 cursor-grab touch-none items-center justify-center text-zinc-400 active:cursor-grabbing"
                  aria-hidden
                  title={t("entry_actions.customize_drag")}
                  onPointerDown={startDrag(id)}
                  onPointerMove={dragMove}
                  onPointerUp={endDrag}
                  onPointerCancel={() => {
                    setDragging(null);
                    setDrop(null);
                  }}
                >
                  <GripVertical className="size-4" />
                </span>
                <Icon className="size-4 shrink-0 text-zinc-600 dark:text-zinc-300" aria-hidden />
                <span className="flex-1 truncate">{t(label)}</span>
                <button type="button" className={ICON_BUTTON} disabled={index === 0} aria-label={t("entry_actions.customize_up", { action: t(label) })} onClick={() => move(id, list, index - 1)}>
                  <ArrowUp className="size-4" aria-hidden />
                </button>
                <button
                  type="button"
                  className={ICON_BUTTON}
                  disabled={index === ids.length - 1}
                  aria-label={t("entry_actions.customize_down", { action: t(label) })}
                  onClick={() => move(id, list, index + 2)}
                >
                  <ArrowDown className="size-4" aria-hidden />
                </button>
                <button
                  type="button"
                  className={ICON_BUTTON}
                  aria-label={t(list === "main" ? "entry_actions.customize_to_more" : "entry_actions.customize_to_main", { action: t(label) })}
                  title={t(list === "main" ? "entry_actions.customize_to_more" : "entry_actions.customize_to_main", { action: t(label) })}
                  onClick={() => move(id, other, arrangement[other].length)}
                >
                  {list === "main" ? <ChevronsDown className="size-4" aria-hidden /> : <ChevronsUp className="size-4" aria-hidden />}
                </button>
              </li>
            );
          })}
        </ul>
      </section>
    );
  };

  return (
    <div className="space-y-4 p-4">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("entry_actions.customize_description")}</p>
      {renderList("main")}
      {renderList("more")}
      <div className="flex items-center justify-between pt-1">
        <button
          type="button"
          className="rounded-lg px-3 py-1.5 text-sm font-medium text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800"
          onClick={() => settingsActions.setUI({ toolbarOrder: structuredClone(UI_DEFAULTS.toolbarOrder) })}
        >
          {t("entry_actions.customize_reset")}
        </button>
        {onDone ? (
          <button type="button" className="rounded-lg bg-orange-500 px-3 py-1.5 text-sm font-medium text-white hover:bg-orange-600" onClick={onDone}>
            {t("entry_actions.customize_done")}
          </button>
        ) : null}
      </div>
    </div>
  );
}
