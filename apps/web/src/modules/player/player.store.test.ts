import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { disposeAudio, getAudio, TIME_TICK_MS } from "./audio-element.ts";
import { playerActions, togglePlayback } from "./player.actions.ts";
import { DEFAULT_RATE, DEFAULT_VOLUME, INITIAL_PLAYER_STATE, usePlayer } from "./player.store.ts";

const EPISODE = { src: "https://cdn.example.com/ep1.mp3", entryId: "1", title: "Episode 1", feedTitle: "A Podcast", image: "https://cdn.example.com/c.jpg" };

/** happy-dom media elements have no real duration; give one and say so, as a browser would. */
function setElementDuration(seconds: number) {
  const audio = getAudio();
  Object.defineProperty(audio, "duration", { value: seconds, configurable: true });
  audio.dispatchEvent(new Event("durationchange"));
}

const state = () => usePlayer.getState();

beforeEach(() => {
  disposeAudio();
  usePlayer.setState({ ...INITIAL_PLAYER_STATE });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("player defaults", () => {
  it("starts hidden and paused at volume 0.8 and rate 1 (spec §9)", () => {
    expect(DEFAULT_VOLUME).toBe(0.8);
    expect(DEFAULT_RATE).toBe(1);
    expect(state()).toMatchObject({ show: false, status: "paused", volume: 0.8, playbackRate: 1, muted: false, src: null });
    playerActions.play(EPISODE);
    expect(getAudio().volume).toBe(0.8);
    expect(getAudio().playbackRate).toBe(1);
  });
});

describe("audio status transitions", () => {
  it("is loading until the element starts playing, then playing", () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, "play").mockResolvedValue(undefined);
    playerActions.play(EPISODE);
    expect(play).toHaveBeenCalledTimes(1);
    expect(state()).toMatchObject({ show: true, status: "loading", src: EPISODE.src, entryId: "1", title: "Episode 1", feedTitle: "A Podcast" });
    expect(getAudio().getAttribute("src")).toBe(EPISODE.src);
    getAudio().dispatchEvent(new Event("playing"));
    expect(state().status).toBe("playing");
  });

  it("goes back to loading while buffering, paused on pause and on the end", () => {
    playerActions.play(EPISODE);
    expect(state().status).toBe("playing");
    getAudio().dispatchEvent(new Event("waiting"));
    expect(state().status).toBe("loading");
    getAudio().dispatchEvent(new Event("playing"));
    playerActions.pause();
    expect(state().status).toBe("paused");
    expect(getAudio().paused).toBe(true);
    playerActions.toggle();
    expect(state().status).toBe("playing");
    setElementDuration(90);
    getAudio().dispatchEvent(new Event("ended"));
    expect(state()).toMatchObject({ status: "paused", currentTime: 90 });
  });

  it("toggle pauses and resumes the same track where it was", () => {
    playerActions.play(EPISODE);
    getAudio().currentTime = 42;
    playerActions.toggle();
    expect(state()).toMatchObject({ status: "paused", currentTime: 42 });
    playerActions.toggle();
    expect(state().status).toBe("playing");
    expect(getAudio().currentTime).toBe(42);
  });

  it("a failed start (autoplay refused) falls back to paused", async () => {
    vi.spyOn(HTMLMediaElement.prototype, "play").mockRejectedValue(new DOMException("no", "NotAllowedError"));
    playerActions.play(EPISODE);
    expect(state().status).toBe("loading");
    await vi.waitFor(() => expect(state().status).toBe("paused"));
  });

  it("a new track starts from 0 with the attachment's duration until the file tells", () => {
    playerActions.play(EPISODE);
    getAudio().currentTime = 50;
    playerActions.pause();
    playerActions.play({ src: "https://cdn.example.com/ep2.mp3", entryId: "2", title: "Episode 2", duration: "1:00:00" });
    expect(state()).toMatchObject({ entryId: "2", currentTime: 0, duration: 3600, feedTitle: null, image: null });
    expect(getAudio().getAttribute("src")).toBe("https://cdn.example.com/ep2.mp3");
    expect(getAudio().currentTime).toBe(0);
  });

  it("close hides the bar and pauses", () => {
    playerActions.play(EPISODE);
    playerActions.close();
    expect(state()).toMatchObject({ show: false, status: "paused", src: EPISODE.src });
    expect(getAudio().paused).toBe(true);
    expect(togglePlayback()).toBe(false);
    expect(state().status).toBe("paused");
  });

  it("togglePlayback works only while the bar is shown", () => {
    expect(togglePlayback()).toBe(false);
    playerActions.play(EPISODE);
    expect(togglePlayback()).toBe(true);
    expect(state().status).toBe("paused");
    expect(togglePlayback()).toBe(true);
    expect(state().status).toBe("playing");
  });
});

describe("seeking", () => {
  it("clamps at 0 going back and at the duration going forward", () => {
    playerActions.play(EPISODE);
    setElementDuration(100);
    getAudio().currentTime = 5;
    playerActions.seekBy(-10);
    expect(state().currentTime).toBe(0);
    expect(getAudio().currentTime).toBe(0);
    playerActions.seek(95);
    playerActions.seekBy(30);
    expect(state().currentTime).toBe(100);
    expect(getAudio().currentTime).toBe(100);
    playerActions.seek(-4);
    expect(state().currentTime).toBe(0);
    playerActions.seek(40);
    expect(getAudio().currentTime).toBe(40);
  });

  it("skips from where the sound is, not from the last tick", () => {
    playerActions.play(EPISODE);
    setElementDuration(600);
    getAudio().currentTime = 61.5;
    expect(state().currentTime).toBe(0);
    playerActions.seekBy(30);
    expect(state().currentTime).toBe(91.5);
  });
});

describe("time tick", () => {
  it("copies the element's time into the store once a second while playing, not in between", () => {
    vi.useFakeTimers();
    playerActions.play(EPISODE);
    getAudio().currentTime = 0.4;
    vi.advanceTimersByTime(TIME_TICK_MS - 1);
    expect(state().currentTime).toBe(0);
    vi.advanceTimersByTime(1);
    expect(state().currentTime).toBe(0.4);
    getAudio().currentTime = 1.4;
    vi.advanceTimersByTime(TIME_TICK_MS);
    expect(state().currentTime).toBe(1.4);
    expect(TIME_TICK_MS).toBe(1000);
  });

  it("stops ticking when paused", () => {
    vi.useFakeTimers();
    playerActions.play(EPISODE);
    playerActions.pause();
    getAudio().currentTime = 9;
    vi.advanceTimersByTime(5 * TIME_TICK_MS);
    expect(state().currentTime).toBe(0);
  });
});

describe("rate, volume and mute", () => {
  it("drive the element", () => {
    playerActions.play(EPISODE);
    playerActions.setRate(1.5);
    expect(getAudio().playbackRate).toBe(1.5);
    playerActions.setRate(0);
    expect(state().playbackRate).toBe(1.5);
    playerActions.toggleMute();
    expect(getAudio().muted).toBe(true);
    playerActions.setVolume(0.3);
    expect(state()).toMatchObject({ volume: 0.3, muted: false });
    expect(getAudio().volume).toBe(0.3);
    playerActions.setVolume(7);
    expect(state().volume).toBe(1);
  });

  it("apply to an element created later", () => {
    playerActions.setVolume(0.25);
    playerActions.setRate(2);
    playerActions.play(EPISODE);
    expect(getAudio().volume).toBe(0.25);
    expect(getAudio().playbackRate).toBe(2);
  });
});

describe("persistence", () => {
  it("writes the state under the product-prefixed key", () => {
    playerActions.play({ ...EPISODE, listId: "77" });
    playerActions.setVolume(0.5);
    const saved = JSON.parse(localStorage.getItem("tidings:player") ?? "{}") as Record<string, unknown>;
    expect(saved).toMatchObject({ show: true, src: EPISODE.src, entryId: "1", title: "Episode 1", listId: "77", volume: 0.5, playbackRate: 1, muted: false });
    expect(Object.keys(saved).sort()).toEqual(Object.keys(INITIAL_PLAYER_STATE).sort());
  });

  it("restores the last state at startup, forced to paused", async () => {
    localStorage.setItem(
      "tidings:player",
      JSON.stringify({ show: true, src: EPISODE.src, entryId: "1", title: "Episode 1", status: "playing", currentTime: 75, duration: 300, volume: 0.4, playbackRate: 1.25 }),
    );
    vi.resetModules();
    const fresh = await import("./player.store.ts");
    expect(fresh.usePlayer.getState()).toMatchObject({ show: true, status: "paused", currentTime: 75, duration: 300, volume: 0.4, playbackRate: 1.25, muted: false });
  });

  it("resumes a restored track from its saved time", async () => {
    localStorage.setItem("tidings:player", JSON.stringify({ show: true, src: EPISODE.src, entryId: "1", status: "loading", currentTime: 75, duration: 300 }));
    vi.resetModules();
    const store = await import("./player.store.ts");
    const actions = await import("./player.actions.ts");
    const element = await import("./audio-element.ts");
    expect(store.usePlayer.getState().status).toBe("paused");
    actions.playerActions.toggle();
    const audio = element.getAudio();
    expect(audio.getAttribute("src")).toBe(EPISODE.src);
    audio.dispatchEvent(new Event("loadedmetadata"));
    expect(audio.currentTime).toBe(75);
    element.disposeAudio();
  });

  it("ignores a broken saved state", async () => {
    localStorage.setItem("tidings:player", "{not json");
    vi.resetModules();
    const fresh = await import("./player.store.ts");
    expect(fresh.usePlayer.getState()).toEqual(INITIAL_PLAYER_STATE);
  });
});
