import { ErrorCode } from "@tidings/contracts";
import i18next from "i18next";
import { ApiError, apiResponse } from "../../lib/api-client.ts";
import { queryClient } from "../../lib/query-client-instance.ts";
import { aiConfigQuery } from "../../queries/ai.ts";
import { useEntries } from "../../store/entries.store.ts";
import { useSettings } from "../../store/settings.store.ts";
import { playerActions, usePlayer } from "../player/index.ts";
import { toastError } from "../toast/index.ts";
import { createAudioEngine } from "./audio-engine.ts";
import type { SpeechEngine } from "./engine.ts";
import { INITIAL_SPEECH, setSpeech, useSpeech } from "./speech.store.ts";
import { speechSegments } from "./speech-text.ts";
import { canSynthesize, createSynthesisEngine } from "./synthesis-engine.ts";

let engine: SpeechEngine | null = null;
/** Bumped by every start and close: a slow answer for an entry no longer wanted is dropped. */
let generation = 0;

/** `POST /ai/speech`: the entry read by the server's voice, as audio; null when the server has no voice. */
async function serverAudio(entryId: string, voice: string): Promise<Blob | null> {
  try {
    const response = await apiResponse("ai/speech", { method: "POST", json: { id: entryId, voice } });
    return await response.blob();
  } catch (error) {
    if (error instanceof ApiError && error.code === ErrorCode.AiNotConfigured) return null;
    throw error;
  }
}

async function startEngine(entryId: string, mine: number): Promise<SpeechEngine | null> {
  const { voice } = useSettings.getState().general;
  const config = await queryClient()
    .fetchQuery(aiConfigQuery())
    .catch(() => null);
  if (config?.speech) {
    try {
      const audio = await serverAudio(entryId, voice);
      if (mine !== generation) return null;
      if (audio) return createAudioEngine(audio);
    } catch (error) {
      // The server's voice failed (provider down, limit reached): say so, and let the browser read.
      if (!canSynthesize()) throw error;
      toastError(error);
    }
  }
  if (!canSynthesize()) throw new Error(i18next.t("app:speech.unsupported"));
  const entry = useEntries.getState().byId[entryId]?.entry;
  const segments = speechSegments(entry?.title ?? null, entry?.content ?? entry?.description);
  if (segments.length === 0) throw new Error(i18next.t("app:speech.nothing"));
  setSpeech({ engine: "synthesis" });
  return createSynthesisEngine(segments, { voice, language: entry?.language ?? null });
}

export const speechActions = {
  /** Reads an entry aloud: the server's voice when it has one, else the browser's. */
  async speak(entryId: string): Promise<void> {
    const mine = ++generation;
    engine?.dispose();
    engine = null;
    // One sound at a time: a podcast playing pauses.
    if (usePlayer.getState().status !== "paused") playerActions.pause();
    const title = useEntries.getState().byId[entryId]?.entry.title ?? null;
    setSpeech({ ...INITIAL_SPEECH, rate: useSpeech.getState().rate, show: true, entryId, title, status: "loading" });
    try {
      const started = await startEngine(entryId, mine);
      if (mine !== generation || !started) return started?.dispose();
      engine = started;
      if (useSpeech.getState().engine === null) setSpeech({ engine: "audio" });
      engine.play();
    } catch (error) {
      if (mine !== generation) return;
      setSpeech({ status: "error" });
      toastError(error);
    }
  },

  toggle(): void {
    const { status } = useSpeech.getState();
    if (!engine) return;
    if (status === "playing" || status === "loading") engine.pause();
    else engine.play();
  },

  seek(position: number): void {
    engine?.seek(position);
  },

  /** Back or forward: seconds for the server's voice, segments for the browser's. */
  skip(direction: -1 | 1): void {
    const { engine: kind, position } = useSpeech.getState();
    engine?.seek(kind === "audio" ? position + direction * 10 : position + direction);
  },

  setRate(rate: number): void {
    setSpeech({ rate });
    engine?.setRate(rate);
  },

  close(): void {
    generation += 1;
    engine?.dispose();
    engine = null;
    setSpeech({ ...INITIAL_SPEECH, rate: useSpeech.getState().rate });
  },
};
