import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import app from "@tidings/i18n/locales/en/app.json";
import errors from "@tidings/i18n/locales/en/errors.json";
import i18next from "i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderPage } from "../../../test/helpers/render.tsx";
import { fakeServer, type SeenRequest } from "../follow/test-server.ts";
import { modal, ModalStack } from "../modal/index.ts";
import { RsshubInstances } from "./rsshub-instances.tsx";
import { ok, refuse, rsshubInstance, rsshubStatus } from "./test-fixtures.ts";

await i18next.init({ lng: "en", resources: { en: { app, errors } }, interpolation: { escapeValue: false } });

const MINE = rsshubInstance({ description: "My RSSHub", isOwner: true, baseUrl: "https://rss.mine.example", accessKey: "old-key", price: 2, userLimit: 5 });

async function openForm(save: (request: SeenRequest) => Response, list = [MINE]) {
  const seen = fakeServer({ "GET /api/rsshub/list": ok(list), "GET /api/rsshub/status": ok(rsshubStatus()), "POST /api/rsshub": save });
  renderPage(
    <>
      <RsshubInstances />
      <ModalStack />
    </>,
  );
  return seen;
}

const saves = (seen: SeenRequest[]) => seen.filter((request) => request.method === "POST" && request.path === "/api/rsshub").map((request) => request.body);
const type = (dialog: HTMLElement, label: string, value: string) => fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
/** The message shown under a field (its aria-describedby). */
const messageUnder = (field: HTMLElement) => document.getElementById(field.getAttribute("aria-describedby") ?? "")?.textContent;

afterEach(() => {
  modal.dismissAll();
  vi.unstubAllGlobals();
});

describe("the instance form", () => {
  it("checks the fields with the API's schema and shows each message under its field, without asking the server", async () => {
    const seen = await openForm(ok(MINE), []);
    await userEvent.click(await screen.findByRole("button", { name: "Add instance" }));
    const dialog = await screen.findByRole("dialog", { name: "Add instance" });
    expect(within(dialog).getByLabelText("Access key").getAttribute("type")).toBe("password");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(messageUnder(within(dialog).getByLabelText("Base URL"))).toBe("Enter the instance's address.");

    type(dialog, "Base URL", "ftp://rsshub.example.com");
    type(dialog, "Monthly price", "1.5");
    await userEvent.click(within(dialog).getByRole("radio", { name: "Limited to" }));
    type(dialog, "Number of users", "1");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(messageUnder(within(dialog).getByLabelText("Base URL"))).toContain("Enter an http(s) address");
    expect(messageUnder(within(dialog).getByLabelText("Monthly price"))).toBe("Enter a whole number of POWER from 0 to 1,000,000.");
    expect(within(dialog).getByText("At least 2 users; choose Private to keep it to yourself.")).toBeTruthy();
    expect(saves(seen)).toEqual([]);

    type(dialog, "Base URL", "https://rsshub.example.com");
    type(dialog, "Monthly price", "4");
    type(dialog, "Number of users", "20");
    type(dialog, "Access key", "s3cret");
    type(dialog, "Description", "Shared hub");
    await userEvent.click(within(dialog).getByRole("button", { name: "Reveal key" }));
    expect(within(dialog).getByLabelText("Access key").getAttribute("type")).toBe("text");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(saves(seen)).toEqual([{ baseUrl: "https://rsshub.example.com", accessKey: "s3cret", description: "Shared hub", price: 4, userLimit: 20 }]);
  });

  it("shows the health check's verdict with the server's reason, and a field the server names under that field", async () => {
    let answer = refuse(400, 13006, "RSSHub config invalid", "https://rsshub.example.com does not answer as RSSHub (no /api/namespace)");
    await openForm(() => answer());
    await userEvent.click(await screen.findByRole("button", { name: "Add instance" }));
    const dialog = await screen.findByRole("dialog", { name: "Add instance" });
    type(dialog, "Base URL", "https://rsshub.example.com");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    const problem = await within(dialog).findByTestId("rsshub-problem");
    expect(problem.textContent).toContain("RSSHub config invalid");
    expect(problem.textContent).toContain("does not answer as RSSHub (no /api/namespace)");

    answer = refuse(503, 13007, "This RSSHub instance is unavailable currently", "Timed out after 10 s");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(within(dialog).getByTestId("rsshub-problem").textContent).toContain("Timed out after 10 s"));

    answer = refuse(400, 1002, "Invalid parameter", "price: Too big: expected number to be <=1000000");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(messageUnder(within(dialog).getByLabelText("Monthly price"))).toBe("Too big: expected number to be <=1000000"));
    expect(within(dialog).queryByTestId("rsshub-problem")).toBeNull();
  });

  it("edits the reader's own instance prefilled: an empty key keeps it, Remove key sends null", async () => {
    const seen = await openForm(ok(MINE));
    const table = await screen.findByRole("table", { name: "Instances" });
    await userEvent.click(await within(table).findByRole("button", { name: "Edit" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit instance" });
    expect((within(dialog).getByLabelText("Base URL") as HTMLInputElement).value).toBe("https://rss.mine.example");
    expect((within(dialog).getByLabelText("Access key") as HTMLInputElement).value).toBe("");
    expect((within(dialog).getByLabelText("Number of users") as HTMLInputElement).value).toBe("5");
    expect(within(dialog).getByText("Leave empty to keep the current key.")).toBeTruthy();
    type(dialog, "Description", "Renamed");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(saves(seen)).toHaveLength(1));
    expect(saves(seen)[0]).toEqual({ id: MINE.id, baseUrl: "https://rss.mine.example", description: "Renamed", price: 2, userLimit: 5 });

    await userEvent.click(within(table).getByRole("button", { name: "Edit" }));
    const again = await screen.findByRole("dialog", { name: "Edit instance" });
    await userEvent.click(within(again).getByRole("checkbox", { name: "Remove key" }));
    expect((within(again).getByLabelText("Access key") as HTMLInputElement).disabled).toBe(true);
    await userEvent.click(within(again).getByRole("radio", { name: "No limit" }));
    await userEvent.click(within(again).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(saves(seen)).toHaveLength(2));
    expect(saves(seen)[1]).toMatchObject({ id: MINE.id, accessKey: null, userLimit: null });
  });
});
