import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderPage } from "../../../test/helpers/render.tsx";
import { sessionKeys } from "../../queries/session.ts";
import { fakeServer } from "../account/test-server.ts";
import { modal, ModalStack } from "../modal/index.ts";
import { openActivationDialog } from "./activation-dialog.tsx";

afterEach(() => {
  modal.dismissAll();
  vi.unstubAllGlobals();
});

describe("the activation dialog (spec §2, §4)", () => {
  it("takes a code, turns to a success state, refreshes the session, and closes on Continue", async () => {
    const seen = fakeServer({ "POST /api/invitations/use": () => Response.json({ code: 0 }) });
    const { queryClient } = renderPage(<ModalStack />);
    queryClient.setQueryData(sessionKeys.all, null);
    openActivationDialog();
    const submit = await screen.findByRole("button", { name: "Activate" });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(screen.getByLabelText("Invitation code"), " abc123 ");
    await userEvent.click(submit);
    expect((await screen.findByRole("status")).textContent).toContain("Your account is activated");
    expect(seen[0]!.body).toEqual({ code: "abc123" });
    expect(queryClient.getQueryState(sessionKeys.all)?.isInvalidated).toBe(true);
    await userEvent.click(screen.getByRole("button", { name: "Start reading" }));
    await waitFor(() => expect(screen.queryByLabelText("Invitation code")).toBeNull());
  });
});
