/** What the player asks of a voice, whichever it is. */
export interface SpeechEngine {
  play(): void;
  pause(): void;
  /** Seconds (audio) or segment index (synthesis). */
  seek(position: number): void;
  setRate(rate: number): void;
  dispose(): void;
}
