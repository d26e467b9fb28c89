import { Monitor, Moon, Sun } from "lucide-react";
import { useTranslation } from "react-i18next";
import { COLOR_MODES, type ColorMode, setColorMode, useColorMode } from "./color-mode.ts";

const ICONS = { light: Sun, dark: Moon, system: Monitor } satisfies Record<ColorMode, unknown>;

/** A three-way light / dark / system switch. */
export function ColorModeSwitch() {
  const { t } = useTranslation();
  const mode = useColorMode((state) => state.mode);
  return (
    <div role="radiogroup" aria-label={t("color_mode.label")} className="inline-flex rounded-lg bg-zinc-100 p-0.5 dark:bg-zinc-800">
      {COLOR_MODES.map((option) => {
        const Icon = ICONS[option];
        const active = option === mode;
        return (
          <button
            key={option}
            type="button"
            role="radio"
            aria-checked={active}
            title={t(`color_mode.${option}`)}
            onClick={() => setColorMode(option)}
            className={`flex items-center gap-1 rounded-md px-2 py-1 text-xs ${
              active ? "bg-white shadow-sm dark:bg-zinc-700" : "text-zinc-500 hover:text-zinc-800 dark:hover:text-zinc-200"
            }`}
          >
            <Icon className="size-3.5" aria-hidden />
            <span>{t(`color_mode.${option}`)}</span>
          </button>
        );
      })}
    </div>
  );
}
