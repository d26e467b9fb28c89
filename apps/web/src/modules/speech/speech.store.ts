import { create } from "zustand";

/** Which voice reads: the server's audio (`POST /ai/speech`) or the browser's speech synthesis. */
export type SpeechEngineKind = "audio" | "synthesis";

export interface SpeechState {
  /** The player is on screen. */
  show: boolean;
  entryId: string | null;
  title: string | null;
  engine: SpeechEngineKind | null;
  status: "loading" | "playing" | "paused" | "error";
  /** Seconds (audio) or the segment being read (synthesis). */
  position: number;
  /** Seconds (audio; 0 while unknown) or the number of segments (synthesis). */
  duration: number;
  rate: number;
}

/** Speeds of the text-to-speech player. */
export const SPEECH_RATES = [0.75, 1, 1.25, 1.5, 1.75, 2] as const;

export const INITIAL_SPEECH: SpeechState = { show: false, entryId: null, title: null, engine: null, status: "paused", position: 0, duration: 0, rate: 1 };

/** The text-to-speech player: one entry read aloud at a time, for the whole app. */
export const useSpeech = create<SpeechState>(() => ({ ...INITIAL_SPEECH }));

export const setSpeech = (patch: Partial<SpeechState>) => useSpeech.setState(patch);
