import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { renderPage } from "../../../test/helpers/render.tsx";
import { AudioCover } from "./audio-cover.tsx";
import { disposeAudio } from "./audio-element.ts";
import { playerActions } from "./player.actions.ts";
import { INITIAL_PLAYER_STATE, usePlayer } from "./player.store.ts";

beforeEach(() => {
  disposeAudio();
  usePlayer.setState({ ...INITIAL_PLAYER_STATE });
});

describe("AudioCover", () => {
  it("plays its entry, then shows and acts as pause while that entry plays", async () => {
    const user = userEvent.setup();
    const outer = vi.fn();
    renderPage(
      <div onClick={outer}>
        <AudioCover src="https://cdn.example.com/a.mp3" entryId="10" title="Ten" feedTitle="Feed" image="https://cdn.example.com/a.jpg" duration="4:00" />
      </div>,
    );
    await user.click(screen.getByRole("button", { name: "Play" }));
    expect(usePlayer.getState()).toMatchObject({ show: true, status: "playing", entryId: "10", title: "Ten", feedTitle: "Feed", duration: 240 });
    expect(outer).not.toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "Pause" }));
    expect(usePlayer.getState().status).toBe("paused");
    expect(screen.getByRole("button", { name: "Play" })).toBeTruthy();
  });

  it("shows play while another entry is playing", async () => {
    renderPage(<AudioCover src="https://cdn.example.com/a.mp3" entryId="10" />);
    act(() => playerActions.play({ src: "https://cdn.example.com/b.mp3", entryId: "11" }));
    expect(usePlayer.getState().status).toBe("playing");
    expect(screen.getByRole("button", { name: "Play" })).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Play" }));
    expect(usePlayer.getState()).toMatchObject({ entryId: "10", src: "https://cdn.example.com/a.mp3", status: "playing" });
    expect(screen.getByRole("button", { name: "Pause" })).toBeTruthy();
  });
});
