import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { Check } from "lucide-react";
import { useTranslation } from "react-i18next";
import { PLAYBACK_RATES, playerActions } from "./player.actions.ts";
import { usePlayer } from "./player.store.ts";

/** "1.5×": speeds read the same in every language the app speaks. */
export const formatRate = (rate: number) => `${rate}×`;

/** The playback speed menu of the audio bar (presets 0.5× to 3×). */
export function RateMenu() {
  const { t } = useTranslation("app");
  const rate = usePlayer((state) => state.playbackRate);
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={t("player.speed")}
        title={t("player.speed")}
        className="h-7 min-w-10 rounded-md px-1.5 text-xs font-semibold text-zinc-600 tabular-nums hover:bg-zinc-100 hover:text-zinc-900 focus-visible:ring-2 focus-visible:ring-orange-500 focus-visible:outline-none dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-white"
      >
        {formatRate(rate)}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          side="top"
          align="center"
          sideOffset={6}
          className="z-50 min-w-24 rounded-lg border border-zinc-200 bg-white p-1 text-sm shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
        >
          <DropdownMenu.Label className="px-2 py-1 text-xs text-zinc-500">{t("player.speed")}</DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={String(rate)} onValueChange={(value) => playerActions.setRate(Number(value))}>
            {PLAYBACK_RATES.map((preset) => (
              <DropdownMenu.RadioItem
                key={preset}
                value={String(preset)}
                className="relative flex cursor-default items-center rounded-md py-1 pr-2 pl-7 tabular-nums outline-none select-none data-[highlighted]:bg-zinc-100 dark:data-[highlighted]:bg-zinc-800"
              >
                <DropdownMenu.ItemIndicator className="absolute left-2 inline-flex">
                  <Check className="size-3.5 text-orange-500" aria-hidden />
                </DropdownMenu.ItemIndicator>
                {formatRate(preset)}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
