import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { confirm } from "./confirm.tsx";
import { ModalStack } from "./modal-stack.tsx";
import { modal, useModals } from "./modal.store.ts";

afterEach(() => act(() => modal.dismissAll()));

describe("confirm", () => {
  it("answers true on Confirm and false on Cancel, and closes", async () => {
    render(<ModalStack />);
    let answer: Promise<boolean>;
    act(() => void (answer = confirm({ title: "Unfollow Example?", variant: "danger", confirmText: "Unfollow" })));
    await userEvent.click(await screen.findByRole("button", { name: "Unfollow" }));
    await expect(answer!).resolves.toBe(true);
    expect(useModals.getState().stack).toHaveLength(0);

    act(() => void (answer = confirm({ title: "Again?" })));
    await userEvent.click(await screen.findByRole("button", { name: "modal.cancel" }));
    await expect(answer!).resolves.toBe(false);
  });

  it("confirms by itself when its countdown ends", async () => {
    render(<ModalStack />);
    let answer: Promise<boolean>;
    act(() => void (answer = confirm({ title: "Mark all?", confirmText: "Mark", autoConfirmSeconds: 1 })));
    expect(await screen.findByRole("button", { name: "Mark (1)" })).toBeTruthy();
    await expect(answer!).resolves.toBe(true);
  });

  it("stacks modals and dismisses the top one or all", () => {
    render(<ModalStack />);
    act(() => {
      modal.present({ title: "One", content: () => "first" });
      modal.present({ title: "Two", content: () => "second" });
    });
    expect(useModals.getState().stack.map((m) => m.title)).toEqual(["One", "Two"]);
    act(() => modal.dismissTop());
    expect(useModals.getState().stack.map((m) => m.title)).toEqual(["One"]);
    act(() => modal.dismissAll());
    expect(useModals.getState().stack).toHaveLength(0);
  });
});
