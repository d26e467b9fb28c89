import { act, fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderPage } from "../../../test/helpers/render.tsx";
import { disposeAudio } from "./audio-element.ts";
import { playerActions } from "./player.actions.ts";
import { INITIAL_PLAYER_STATE, usePlayer } from "./player.store.ts";
import { VideoPlayer } from "./video-player.tsx";

const VIDEO = "https://cdn.example.com/clip.mp4";

function videoElement(): HTMLVideoElement {
  const video = document.querySelector("video");
  if (!video) throw new Error("no video");
  return video;
}

function startAudio() {
  act(() => playerActions.play({ src: "https://cdn.example.com/ep.mp3", entryId: "1" }));
  expect(usePlayer.getState().status).toBe("playing");
}

beforeEach(() => {
  disposeAudio();
  usePlayer.setState({ ...INITIAL_PLAYER_STATE });
});
afterEach(() => vi.restoreAllMocks());

describe("VideoPlayer and the audio player", () => {
  it("a video with sound pauses the audio, which resumes when the video pauses", async () => {
    renderPage(<VideoPlayer src={VIDEO} title="Clip" />);
    startAudio();
    await act(() => videoElement().play());
    expect(usePlayer.getState().status).toBe("paused");
    act(() => videoElement().pause());
    expect(usePlayer.getState().status).toBe("playing");
  });

  it("resumes the audio when the video ends", async () => {
    renderPage(<VideoPlayer src={VIDEO} />);
    startAudio();
    await act(() => videoElement().play());
    expect(usePlayer.getState().status).toBe("paused");
    act(() => void videoElement().dispatchEvent(new Event("ended")));
    expect(usePlayer.getState().status).toBe("playing");
  });

  it("resumes the audio when the video goes away", async () => {
    const view = renderPage(<VideoPlayer src={VIDEO} />);
    startAudio();
    await act(() => videoElement().play());
    expect(usePlayer.getState().status).toBe("paused");
    view.unmount();
    expect(usePlayer.getState().status).toBe("playing");
  });

  it("a muted video leaves the audio playing", async () => {
    renderPage(<VideoPlayer src={VIDEO} muted />);
    startAudio();
    await act(() => videoElement().play());
    expect(usePlayer.getState().status).toBe("playing");
  });

  it("unmuting a playing video pauses the audio, muting it again resumes", async () => {
    renderPage(<VideoPlayer src={VIDEO} muted />);
    startAudio();
    await act(() => videoElement().play());
    act(() => {
      videoElement().muted = false;
      videoElement().dispatchEvent(new Event("volumechange"));
    });
    expect(usePlayer.getState().status).toBe("paused");
    act(() => {
      videoElement().muted = true;
      videoElement().dispatchEvent(new Event("volumechange"));
    });
    expect(usePlayer.getState().status).toBe("playing");
  });

  it("does not resume audio the person closed meanwhile", async () => {
    renderPage(<VideoPlayer src={VIDEO} />);
    startAudio();
    await act(() => videoElement().play());
    act(() => playerActions.close());
    act(() => videoElement().pause());
    expect(usePlayer.getState()).toMatchObject({ show: false, status: "paused" });
  });

  it("starting the audio pauses a video that makes sound", async () => {
    renderPage(<VideoPlayer src={VIDEO} />);
    await act(() => videoElement().play());
    startAudio();
    expect(videoElement().paused).toBe(true);
  });
});

describe("VideoPlayer controls and keys", () => {
  it("play/pause and mute buttons drive the video", async () => {
    const user = userEvent.setup();
    renderPage(<VideoPlayer src={VIDEO} />);
    await user.click(screen.getByRole("button", { name: "Play" }));
    expect(videoElement().paused).toBe(false);
    await user.click(screen.getByRole("button", { name: "Pause" }));
    expect(videoElement().paused).toBe(true);
    await user.click(screen.getByRole("button", { name: "Mute" }));
    expect(videoElement().muted).toBe(true);
    expect(screen.getByRole("link", { name: "Download" }).getAttribute("href")).toBe(VIDEO);
  });

  it("answers Space, arrows, f and d while hovered", async () => {
    const requestFullscreen = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(HTMLElement.prototype, "requestFullscreen", { value: requestFullscreen, configurable: true });
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    renderPage(<VideoPlayer src={VIDEO} title="Clip" />);
    const player = screen.getByRole("group", { name: "Clip" });
    Object.defineProperty(videoElement(), "duration", { value: 60, configurable: true });

    await userEvent.keyboard(" ");
    expect(videoElement().paused).toBe(true);

    fireEvent.mouseEnter(player);
    await userEvent.keyboard(" ");
    expect(videoElement().paused).toBe(false);
    videoElement().currentTime = 20;
    await userEvent.keyboard("{ArrowRight}");
    expect(videoElement().currentTime).toBe(25);
    await userEvent.keyboard("{ArrowLeft}{ArrowLeft}");
    expect(videoElement().currentTime).toBe(15);
    await userEvent.keyboard("f");
    expect(requestFullscreen).toHaveBeenCalledTimes(1);
    await userEvent.keyboard("d");
    expect(click).toHaveBeenCalledTimes(1);

    fireEvent.mouseLeave(player);
    await userEvent.keyboard(" ");
    expect(videoElement().paused).toBe(false);
    delete (HTMLElement.prototype as { requestFullscreen?: unknown }).requestFullscreen;
  });

  it("keeps Space from reaching the app's global shortcut, and leaves typing alone", async () => {
    const global = vi.fn();
    window.addEventListener("keydown", global);
    renderPage(
      <>
        <input aria-label="note" />
        <VideoPlayer src={VIDEO} title="Clip" />
      </>,
    );
    const player = screen.getByRole("group", { name: "Clip" });
    act(() => player.focus());
    await userEvent.keyboard(" ");
    expect(videoElement().paused).toBe(false);
    expect(global).not.toHaveBeenCalled();

    fireEvent.mouseEnter(player);
    await userEvent.click(screen.getByRole("textbox", { name: "note" }));
    await userEvent.keyboard(" ");
    expect(videoElement().paused).toBe(false);
    expect(global).toHaveBeenCalled();
    window.removeEventListener("keydown", global);
  });
});
