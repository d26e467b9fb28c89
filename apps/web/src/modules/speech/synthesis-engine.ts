import type { SpeechEngine } from "./engine.ts";
import { setSpeech, useSpeech } from "./speech.store.ts";

/** Whether this browser can speak at all. */
export const canSynthesize = (): boolean => typeof window !== "undefined" && "speechSynthesis" in window && typeof SpeechSynthesisUtterance !== "undefined";

/**
 * The voice to read with: the one the `voice` setting names when the browser has it, else one
 * of the entry's language (its region too when possible), else the browser's default.
 */
export function pickVoice(voices: SpeechSynthesisVoice[], wanted: string, language: string | null): SpeechSynthesisVoice | null {
  const named = voices.find((voice) => voice.name === wanted || voice.voiceURI === wanted);
  if (named) return named;
  if (!language) return null;
  const lang = language.toLowerCase();
  const base = lang.split("-")[0];
  return voices.find((voice) => voice.lang.toLowerCase() === lang) ?? voices.find((voice) => voice.lang.toLowerCase().split(/[-_]/)[0] === base) ?? null;
}

/**
 * The browser's voice (`speechSynthesis`), reading the segments one utterance at a time, so that
 * it can pause (cancel, then start the segment again), seek by segment and change speed.
 */
export function createSynthesisEngine(segments: string[], options: { voice: string; language: string | null }): SpeechEngine {
  const synth = window.speechSynthesis;
  let index = 0;
  /** The last segment was read to its end: playing again starts over. */
  let ended = false;
  /** Bumped on every stop: the end of an utterance cut short must not start the next one. */
  let run = 0;
  setSpeech({ position: 0, duration: segments.length });

  const speakFrom = (from: number) => {
    const current = ++run;
    synth.cancel();
    index = from;
    setSpeech({ position: index, status: "playing" });
    const utterance = new SpeechSynthesisUtterance(segments[index] ?? "");
    const voice = pickVoice(synth.getVoices(), options.voice, options.language);
    if (voice) utterance.voice = voice;
    if (voice?.lang || options.language) utterance.lang = voice?.lang ?? options.language ?? "";
    utterance.rate = useSpeech.getState().rate;
    utterance.onend = () => {
      if (current !== run) return;
      if (index + 1 < segments.length) speakFrom(index + 1);
      else {
        ended = true;
        setSpeech({ status: "paused" });
      }
    };
    utterance.onerror = (event) => {
      if (current !== run || event.error === "interrupted" || event.error === "canceled") return;
      setSpeech({ status: "error" });
    };
    synth.speak(utterance);
  };

  const stop = () => {
    run += 1;
    synth.cancel();
  };

  return {
    play() {
      speakFrom(ended ? 0 : index);
      ended = false;
    },
    pause() {
      stop();
      setSpeech({ status: "paused" });
    },
    seek(position) {
      const target = Math.min(Math.max(0, Math.round(position)), segments.length - 1);
      ended = false;
      if (useSpeech.getState().status === "playing") speakFrom(target);
      else {
        index = target;
        setSpeech({ position: target });
      }
    },
    setRate() {
      // An utterance keeps the rate it started with: say the current segment again at the new one.
      if (useSpeech.getState().status === "playing") speakFrom(index);
    },
    dispose: stop,
  };
}
