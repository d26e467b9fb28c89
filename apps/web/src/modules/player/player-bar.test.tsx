import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderPage } from "../../../test/helpers/render.tsx";
import { disposeAudio, getAudio } from "./audio-element.ts";
import { playerActions } from "./player.actions.ts";
import { INITIAL_PLAYER_STATE, usePlayer } from "./player.store.ts";
import { PlayerBar } from "./player-bar.tsx";

const EPISODE = { src: "https://cdn.example.com/ep1.mp3", entryId: "1", title: "Episode 1", feedTitle: "A Podcast", duration: 3725 };

beforeEach(() => {
  disposeAudio();
  usePlayer.setState({ ...INITIAL_PLAYER_STATE });
});
afterEach(() => vi.restoreAllMocks());

async function renderPlaying() {
  renderPage(<PlayerBar />);
  act(() => playerActions.play(EPISODE));
  return screen.findByRole("region", { name: "Audio player" });
}

describe("PlayerBar", () => {
  it("renders nothing while the player is hidden", () => {
    renderPage(<PlayerBar />);
    expect(screen.queryByRole("region", { name: "Audio player" })).toBeNull();
  });

  it("shows the track, its feed and the times in h:mm:ss", async () => {
    const bar = await renderPlaying();
    expect(within(bar).getByText("Episode 1")).toBeTruthy();
    expect(within(bar).getByText("A Podcast")).toBeTruthy();
    expect(screen.getByTestId("player-duration").textContent).toBe("1:02:05");
    act(() => playerActions.seek(65));
    expect(screen.getByTestId("player-current-time").textContent).toBe("1:05");
  });

  it("play/pause, skip back and forward, and close act on the player", async () => {
    await renderPlaying();
    const user = userEvent.setup();
    expect(usePlayer.getState().status).toBe("playing");
    await user.click(screen.getByRole("button", { name: "Pause" }));
    expect(usePlayer.getState().status).toBe("paused");
    expect(getAudio().paused).toBe(true);
    await user.click(screen.getByRole("button", { name: "Play" }));
    expect(usePlayer.getState().status).toBe("playing");

    act(() => playerActions.seek(100));
    await user.click(screen.getByRole("button", { name: "Forward 30 seconds" }));
    expect(getAudio().currentTime).toBe(130);
    await user.click(screen.getByRole("button", { name: "Back 10 seconds" }));
    expect(getAudio().currentTime).toBe(120);

    await user.click(screen.getByRole("button", { name: "Close player" }));
    expect(usePlayer.getState()).toMatchObject({ show: false, status: "paused" });
    expect(screen.queryByRole("region", { name: "Audio player" })).toBeNull();
  });

  it("mute and the speed menu reach the element", async () => {
    await renderPlaying();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Mute" }));
    expect(getAudio().muted).toBe(true);
    await user.click(screen.getByRole("button", { name: "Unmute" }));
    expect(getAudio().muted).toBe(false);

    await user.click(screen.getByRole("button", { name: "Playback speed" }));
    await user.click(await screen.findByRole("menuitemradio", { name: "1.5×" }));
    expect(usePlayer.getState().playbackRate).toBe(1.5);
    expect(getAudio().playbackRate).toBe(1.5);
    expect(screen.getByRole("button", { name: "Playback speed" }).textContent).toBe("1.5×");
  });

  it("the volume slider follows the keyboard", async () => {
    await renderPlaying();
    const thumb = screen.getByRole("slider", { name: "Volume" });
    expect(thumb.getAttribute("aria-valuenow")).toBe("80");
    act(() => thumb.focus());
    await userEvent.keyboard("{ArrowLeft}");
    expect(usePlayer.getState().volume).toBeCloseTo(0.75);
    expect(getAudio().volume).toBeCloseTo(0.75);
  });

  it("the seek slider seeks", async () => {
    await renderPlaying();
    act(() => playerActions.seek(60));
    const thumb = screen.getByRole("slider", { name: "Playback position" });
    act(() => thumb.focus());
    await userEvent.keyboard("{ArrowRight}");
    expect(usePlayer.getState().currentTime).toBe(61);
    expect(getAudio().currentTime).toBe(61);
  });
});
