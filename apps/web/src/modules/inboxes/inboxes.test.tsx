import "fake-indexeddb/auto";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { InboxSummary } from "@tidings/contracts";
import app from "@tidings/i18n/locales/en/app.json";
import common from "@tidings/i18n/locales/en/common.json";
import errors from "@tidings/i18n/locales/en/errors.json";
import i18next from "i18next";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderPage } from "../../../test/helpers/render.tsx";
import { registerQueryClient } from "../../lib/query-client-instance.ts";
import { ModalStack } from "../modal/index.ts";
import { HANDLE_PATTERN, normaliseHandle, webhookUrl } from "./inboxes-api.ts";
import { InboxesSettings } from "./inboxes-settings.tsx";

await i18next.init({ lng: "en", resources: { en: { app, common, errors } }, defaultNS: "common", interpolation: { escapeValue: false } });

const inbox: InboxSummary = { type: "inbox", id: "letters", title: "Letters", description: null, image: null, secret: "s3cr3t-value", ownerUserId: "me", email: "letters@inbox.example" };

describe("inbox helpers", () => {
  it("takes the handles the server takes", () => {
    expect(HANDLE_PATTERN.test(normaliseHandle("  My_Box-1 "))).toBe(true);
    expect(HANDLE_PATTERN.test("ab")).toBe(false);
    expect(HANDLE_PATTERN.test("with space")).toBe(false);
    expect(webhookUrl("https://reader.example")).toBe("https://reader.example/api/inboxes/webhook");
  });
});

describe("Settings → Inboxes", () => {
  const calls: { url: string; method: string; body: unknown }[] = [];
  let inboxes: InboxSummary[] = [];

  beforeEach(() => {
    calls.length = 0;
    inboxes = [inbox];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: string, init: RequestInit = {}) => {
        const url = String(input);
        const method = init.method ?? "GET";
        const body = init.body ? (JSON.parse(String(init.body)) as { handle: string; title: string | null }) : undefined;
        calls.push({ url, method, body });
        if (url.startsWith("/api/inboxes/list")) return Response.json({ code: 0, data: inboxes });
        if (url.startsWith("/api/status/configs")) return Response.json({ code: 0, data: { MAX_INBOXES: 10, INBOX_EMAIL_SUFFIX: "@inbox.example" } });
        if (url === "/api/inboxes" && method === "POST") {
          if (body?.handle === "letters") return Response.json({ code: 10001, message: "Inbox already exists" }, { status: 400 });
          const created = { ...inbox, id: body!.handle, title: body!.title, email: `${body!.handle}@inbox.example` };
          inboxes = [...inboxes, created];
          return Response.json({ code: 0, data: created });
        }
        return Response.json({ code: 0, data: null });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  const renderSettings = () => {
    const view = renderPage(
      <>
        <InboxesSettings />
        <ModalStack />
      </>,
    );
    registerQueryClient(view.queryClient);
  };

  it("shows the address and hides the secret until asked", async () => {
    renderSettings();
    const card = (await screen.findByText("Letters")).closest("li")!;
    expect(card.textContent).toContain("letters@inbox.example");
    expect(card.textContent).toContain("/api/inboxes/webhook");
    expect(within(card).getByTestId("inbox-secret").textContent).not.toContain("s3cr3t");
    fireEvent.click(within(card).getByRole("button", { name: "Show Secret" }));
    expect(within(card).getByTestId("inbox-secret").textContent).toBe("s3cr3t-value");
  });

  it("creates an inbox, and shows a taken handle with its code's message", async () => {
    renderSettings();
    await screen.findByText("Letters");
    fireEvent.click(screen.getByRole("button", { name: "New inbox" }));
    const dialog = await screen.findByRole("dialog");
    await within(dialog).findByText("@inbox.example");
    const handle = within(dialog).getByLabelText("Handle");
    fireEvent.change(handle, { target: { value: "letters" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "New inbox" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(i18next.t("errors:10001"));

    fireEvent.change(handle, { target: { value: "News_Letters" } });
    fireEvent.change(within(dialog).getByLabelText("Title"), { target: { value: "Newsletters" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "New inbox" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.filter((call) => call.method === "POST").at(-1)?.body).toEqual({ handle: "news_letters", title: "Newsletters" });
    await screen.findByText("Newsletters");
  });
});
