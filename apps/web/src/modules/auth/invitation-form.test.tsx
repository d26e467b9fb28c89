import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderPage } from "../../../test/helpers/render.tsx";
import { InvitationForm } from "./invitation-form.tsx";

afterEach(() => vi.unstubAllGlobals());

describe("InvitationForm (spec §5)", () => {
  it("keeps submit disabled until a code is typed", async () => {
    renderPage(<InvitationForm />);
    const submit = await screen.findByRole("button", { name: "Activate" });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(screen.getByLabelText("Invitation code"), "   ");
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(screen.getByLabelText("Invitation code"), "ABC");
    expect((submit as HTMLButtonElement).disabled).toBe(false);
  });

  it("shows the server's error under the field", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify({ code: 5003, message: "Invitation code does not exist." }), { status: 404 })),
    );
    renderPage(<InvitationForm />);
    await userEvent.type(await screen.findByLabelText("Invitation code"), "NOPE");
    await userEvent.click(screen.getByRole("button", { name: "Activate" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Invitation code does not exist.");
  });

  it("turns into a success state when the code is accepted", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify({ code: 0 }), { status: 200 })));
    renderPage(<InvitationForm />);
    await userEvent.type(await screen.findByLabelText("Invitation code"), "GOOD");
    await userEvent.click(screen.getByRole("button", { name: "Activate" }));
    expect((await screen.findByRole("status")).textContent).toContain("Your account is activated");
  });
});
