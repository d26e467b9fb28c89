import { SkipBack, SkipForward, Speech, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { formatDuration } from "../player/index.ts";
import { ControlButton, PlayPauseIcon, SeekSlider } from "../player/index.ts";
import { speechActions } from "./speech.actions.ts";
import { SPEECH_RATES, useSpeech } from "./speech.store.ts";

/** The speed picker: 0.75× to 2×. */
function RateSelect() {
  const { t } = useTranslation("app");
  const rate = useSpeech((state) => state.rate);
  return (
    <select
      aria-label={t("speech.speed")}
      title={t("speech.speed")}
      value={String(rate)}
      onChange={(event) => speechActions.setRate(Number(event.target.value))}
      className="h-7 rounded-md border border-zinc-200 bg-transparent px-1 text-xs font-semibold tabular-nums dark:border-zinc-700 dark:bg-zinc-900"
    >
      {SPEECH_RATES.map((preset) => (
        <option key={preset} value={String(preset)}>
          {preset}×
        </option>
      ))}
    </select>
  );
}

/** Where the reading is: time for the server's voice, paragraph for the browser's. */
function Progress() {
  const { t } = useTranslation("app");
  const engine = useSpeech((state) => state.engine);
  const position = useSpeech((state) => state.position);
  const duration = useSpeech((state) => state.duration);
  const audio = engine === "audio";
  const max = audio ? duration : Math.max(0, duration - 1);
  const label = audio ? `${formatDuration(position)} / ${formatDuration(duration)}` : t("speech.segment", { current: Math.min(position + 1, duration), total: duration });
  return (
    <div className="space-y-1">
      <SeekSlider
        current={position}
        duration={engine ? max : 0}
        onSeek={speechActions.seek}
        label={t("speech.seek")}
        valueText={audio ? undefined : (value, total) => t("speech.segment", { current: value + 1, total: total + 1 })}
      />
      <p className="text-[0.7rem] text-zinc-500 tabular-nums dark:text-zinc-400" data-testid="speech-progress">
        {engine ? label : "\u00a0"}
      </p>
    </div>
  );
}

/**
 * The text-to-speech player (entry action "Text to speech"): the entry being read, play/pause,
 * back and forward (10 s, or a paragraph with the browser's voice), position, speed and close.
 */
export function SpeechPlayer() {
  const { t } = useTranslation("app");
  const show = useSpeech((state) => state.show);
  const title = useSpeech((state) => state.title);
  const status = useSpeech((state) => state.status);
  const engine = useSpeech((state) => state.engine);
  if (!show) return null;
  const audio = engine === "audio";
  return (
    <section
      aria-label={t("speech.region")}
      data-testid="speech-player"
      data-engine={engine ?? undefined}
      data-status={status}
      className="fixed right-4 bottom-4 z-40 w-80 space-y-2 rounded-xl border border-zinc-200 bg-white/95 p-3 text-zinc-900 shadow-lg backdrop-blur dark:border-zinc-700 dark:bg-zinc-900/95 dark:text-zinc-100"
    >
      <div className="flex items-start gap-2.5">
        <span className="mt-0.5 inline-flex size-8 shrink-0 items-center justify-center rounded-lg bg-orange-100 text-orange-600 dark:bg-orange-500/15 dark:text-orange-300">
          <Speech className="size-4" aria-hidden />
        </span>
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm leading-tight font-medium" title={title ?? undefined}>
            {title || t("speech.untitled")}
          </p>
          <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">
            {status === "error" ? t("speech.failed") : engine ? t(audio ? "speech.engine_audio" : "speech.engine_synthesis") : t("speech.preparing")}
          </p>
        </div>
        <ControlButton label={t("speech.close")} onClick={speechActions.close} className="p-1">
          <X className="size-3.5" aria-hidden />
        </ControlButton>
      </div>
      <Progress />
      <div className="flex items-center justify-between">
        <div className="flex items-center gap-0.5">
          <ControlButton label={audio ? t("speech.back_seconds") : t("speech.previous")} onClick={() => speechActions.skip(-1)} disabled={!engine}>
            <SkipBack className="size-4" aria-hidden />
          </ControlButton>
          <button
            type="button"
            aria-label={status === "playing" ? t("speech.pause") : t("speech.play")}
            title={status === "playing" ? t("speech.pause") : t("speech.play")}
            onClick={speechActions.toggle}
            disabled={!engine}
            className="inline-flex size-8 items-center justify-center rounded-full bg-orange-500 text-white shadow-sm transition-colors hover:bg-orange-600 focus-visible:ring-2 focus-visible:ring-orange-500 focus-visible:ring-offset-2 focus-visible:outline-none disabled:opacity-60 dark:focus-visible:ring-offset-zinc-900"
          >
            <PlayPauseIcon status={status === "error" ? "paused" : status} className="size-4" />
          </button>
          <ControlButton label={audio ? t("speech.forward_seconds") : t("speech.next")} onClick={() => speechActions.skip(1)} disabled={!engine}>
            <SkipForward className="size-4" aria-hidden />
          </ControlButton>
        </div>
        <RateSelect />
      </div>
    </section>
  );
}
