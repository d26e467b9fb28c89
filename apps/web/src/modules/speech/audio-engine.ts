import type { SpeechEngine } from "./engine.ts";
import { setSpeech, useSpeech } from "./speech.store.ts";

/** The test id of the element that plays the server's speech (the page holds one while it plays). */
export const SPEECH_AUDIO_TEST_ID = "speech-audio";

/**
 * The server's voice: the audio of `POST /ai/speech` in an `<audio>` element of its own (apart
 * from the podcast player's), whose events the store follows.
 */
export function createAudioEngine(audio: Blob): SpeechEngine {
  const url = URL.createObjectURL(audio);
  const element = document.createElement("audio");
  element.hidden = true;
  element.preload = "auto";
  element.dataset.testid = SPEECH_AUDIO_TEST_ID;
  element.src = url;
  element.playbackRate = useSpeech.getState().rate;
  const duration = () => (Number.isFinite(element.duration) ? element.duration : 0);
  let disposed = false;
  // Events of an element being thrown away (its last "pause") must not touch the next one's state.
  const on = (type: string, listener: () => void) => element.addEventListener(type, () => !disposed && listener());
  on("playing", () => setSpeech({ status: "playing" }));
  on("pause", () => setSpeech({ status: "paused", position: element.currentTime }));
  on("ended", () => setSpeech({ status: "paused", position: duration() }));
  on("timeupdate", () => setSpeech({ position: element.currentTime }));
  on("durationchange", () => setSpeech({ duration: duration() }));
  on("error", () => setSpeech({ status: "error" }));
  document.body.append(element);

  return {
    play() {
      if (element.ended) element.currentTime = 0;
      setSpeech({ status: "loading" });
      element.play().catch((error: unknown) => {
        if (!(error instanceof DOMException && error.name === "AbortError")) setSpeech({ status: "paused" });
      });
    },
    pause: () => element.pause(),
    seek(seconds) {
      element.currentTime = Math.min(Math.max(0, seconds), duration() || seconds);
      setSpeech({ position: element.currentTime });
    },
    setRate(rate) {
      element.playbackRate = rate;
    },
    dispose() {
      disposed = true;
      element.pause();
      element.remove();
      element.removeAttribute("src");
      URL.revokeObjectURL(url);
    },
  };
}
