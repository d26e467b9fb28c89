import i18next from "i18next";
import { reportError } from "../../lib/notify.ts";
import { usePlayer } from "./player.store.ts";

/** Spec §9: the player's time moves once a second, so the bar re-renders once a second. */
export const TIME_TICK_MS = 1000;

let audio: HTMLAudioElement | null = null;
/** The src handed to the element, as given (the element's own `src` is made absolute). */
let loadedSrc: string | null = null;
/** Where to start once the metadata is in, for a track resumed after a reload. */
let pendingStart: number | null = null;
let ticker: ReturnType<typeof setInterval> | null = null;

const set = (patch: Partial<ReturnType<typeof usePlayer.getState>>) => usePlayer.setState(patch);

function startTicker(element: HTMLAudioElement): void {
  stopTicker();
  ticker = setInterval(() => {
    if (element.currentTime !== usePlayer.getState().currentTime) set({ currentTime: element.currentTime });
  }, TIME_TICK_MS);
}

function stopTicker(): void {
  if (ticker !== null) clearInterval(ticker);
  ticker = null;
}

function knownDuration(element: HTMLAudioElement): number | null {
  return Number.isFinite(element.duration) && element.duration > 0 ? element.duration : null;
}

/** The element's events are the truth about playback; the store follows them. */
function listen(element: HTMLAudioElement): void {
  element.addEventListener("playing", () => {
    set({ status: "playing" });
    startTicker(element);
  });
  element.addEventListener("waiting", () => {
    if (!element.paused) set({ status: "loading" });
  });
  element.addEventListener("pause", () => {
    // A late pause from a track switch, after play() was already called again, changes nothing.
    if (!element.paused) return;
    stopTicker();
    // Pausing the old track on a switch must not carry its time over to the new one.
    if (loadedSrc === usePlayer.getState().src) set({ status: "paused", currentTime: element.currentTime });
    else set({ status: "paused" });
  });
  element.addEventListener("ended", () => {
    stopTicker();
    set({ status: "paused", currentTime: knownDuration(element) ?? element.currentTime });
  });
  const takeDuration = () => {
    const duration = knownDuration(element);
    if (duration !== null) set({ duration });
  };
  element.addEventListener("durationchange", takeDuration);
  element.addEventListener("loadedmetadata", () => {
    takeDuration();
    if (pendingStart !== null) element.currentTime = pendingStart;
    pendingStart = null;
  });
  element.addEventListener("error", () => {
    stopTicker();
    set({ status: "paused" });
    reportError(new Error(i18next.t("app:player.error")));
  });
}

/**
 * The app's single audio element, created on first use: one element means one sound at a time and
 * playback that survives navigation, whichever component started it.
 */
export function getAudio(): HTMLAudioElement {
  if (audio) return audio;
  const element = new Audio();
  element.preload = "metadata";
  const { volume, muted, playbackRate } = usePlayer.getState();
  element.volume = volume;
  element.muted = muted;
  element.playbackRate = playbackRate;
  listen(element);
  audio = element;
  return element;
}

/** The element if it exists, without creating it (pausing nothing needs no element). */
export function peekAudio(): HTMLAudioElement | null {
  return audio;
}

/** Whether `src` is the track in the element now. */
export function isLoaded(src: string): boolean {
  return audio !== null && loadedSrc === src;
}

/** Puts `src` into the element unless it is already there, starting at `startAt` seconds. */
export function load(src: string, startAt: number): HTMLAudioElement {
  const element = getAudio();
  if (loadedSrc === src) return element;
  element.pause();
  element.src = src;
  loadedSrc = src;
  pendingStart = startAt > 0 ? startAt : null;
  // Browsers keep this as the start position until the metadata is in; loadedmetadata makes sure.
  element.currentTime = Math.max(0, startAt);
  return element;
}

/** Drops the element and its timer (tests, and a sign-out that should leave nothing playing). */
export function disposeAudio(): void {
  stopTicker();
  audio?.pause();
  audio = null;
  loadedSrc = null;
  pendingStart = null;
}

// Volume, mute and rate are the store's: the element copies them when they change.
usePlayer.subscribe((state, previous) => {
  if (!audio) return;
  if (state.volume !== previous.volume) audio.volume = state.volume;
  if (state.muted !== previous.muted) audio.muted = state.muted;
  if (state.playbackRate !== previous.playbackRate) audio.playbackRate = state.playbackRate;
});
