import "fake-indexeddb/auto";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { FeedSubscription, ListSummary } from "@tidings/contracts";
import app from "@tidings/i18n/locales/en/app.json";
import common from "@tidings/i18n/locales/en/common.json";
import errors from "@tidings/i18n/locales/en/errors.json";
import i18next from "i18next";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderPage } from "../../../test/helpers/render.tsx";
import { registerQueryClient } from "../../lib/query-client-instance.ts";
import { subscriptionsActions } from "../../store/subscriptions.store.ts";
import { ModalStack } from "../modal/index.ts";
import { candidateFeeds } from "./add-feeds-dialog.tsx";
import { fieldsOf, initialFields, parseFee } from "./list-form.tsx";
import { deleteList, listBody } from "./lists-api.ts";
import type { ListSubscription } from "@tidings/contracts";
import { ApiError } from "../../lib/api-client.ts";
import { ListsSettings } from "./lists-settings.tsx";

await i18next.init({ lng: "en", resources: { en: { app, common, errors } }, defaultNS: "common", interpolation: { escapeValue: false } });

const feed = (feedId: string, title: string, category: string | null = null): FeedSubscription => ({
  userId: "me",
  view: 0,
  category,
  title: null,
  isPrivate: false,
  createdAt: "2026-01-01T00:00:00.000Z",
  feedId,
  feeds: { type: "feed", id: feedId, url: `https://${feedId}.example/feed.xml`, title, description: null, image: null, siteUrl: null, errorMessage: null, errorAt: null, ownerUserId: null },
});

const list: ListSummary = {
  type: "list",
  id: "501",
  title: "Sea news",
  description: "Tides and boats",
  image: null,
  view: 0,
  fee: 0,
  feedIds: ["11"],
  ownerUserId: "me",
  timelineUpdatedAt: null,
};

describe("list helpers", () => {
  it("offers the followed feeds not in the list, filtered and by title", () => {
    const feeds = [feed("12", "Zebra"), feed("11", "Tides"), feed("13", "Anchors", "Boats")];
    expect(candidateFeeds(feeds, ["11"], "").map((s) => s.feedId)).toEqual(["13", "12"]);
    expect(candidateFeeds(feeds, [], "zeb").map((s) => s.feedId)).toEqual(["12"]);
    expect(candidateFeeds(feeds, [], "13.example").map((s) => s.feedId)).toEqual(["13"]);
  });

  it("trims the fields and sends empty ones as empty (the server clears them)", () => {
    expect(listBody({ title: "  Sea ", description: " ", image: "", view: 2 })).toEqual({ title: "Sea", description: "", image: "", view: 2 });
    expect(initialFields(list)).toEqual({ title: "Sea news", description: "Tides and boats", image: "", view: 0, fee: "0" });
    expect(initialFields({ ...list, fee: 12 }).fee).toBe("12");
    expect(initialFields()).toEqual({ title: "", description: "", image: "", view: 0, fee: "0" });
  });

  it("takes a fee of whole POWER from 0 to 1,000,000,000 only", () => {
    expect(["0", "7", " 25 ", "1000000000"].map(parseFee)).toEqual([0, 7, 25, 1_000_000_000]);
    expect(["", " ", "-1", "1.5", "1e3", "abc", "1000000001"].map(parseFee)).toEqual([null, null, null, null, null, null, null]);
  });

  it("sends the fee with POWER on, 0 for a new list and nothing for an edit with POWER off", () => {
    const draft = { title: "Sea", description: "", image: "", view: 0 as const, fee: "5" };
    expect(fieldsOf(draft, { power: true, editing: false })).toEqual({ title: "Sea", description: "", image: "", view: 0, fee: 5 });
    expect(fieldsOf({ ...draft, fee: "2.5" }, { power: true, editing: true })).toBeNull();
    expect(fieldsOf({ ...draft, fee: "2.5" }, { power: false, editing: false })).toEqual({ title: "Sea", description: "", image: "", view: 0, fee: 0 });
    expect(fieldsOf(draft, { power: false, editing: true })).toEqual({ title: "Sea", description: "", image: "", view: 0 });
    expect(listBody({ title: "Sea", description: "", image: "", view: 0, fee: 5 })).toEqual({ title: "Sea", description: "", image: "", view: 0, fee: 5 });
  });
});

describe("Settings → Lists", () => {
  const calls: { url: string; method: string; body: unknown }[] = [];
  let feedIds = ["11"];
  let power = false;

  beforeEach(() => {
    calls.length = 0;
    feedIds = ["11"];
    power = false;
    subscriptionsActions.replace([feed("11", "Tides"), feed("12", "Harbour")]);
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: string, init: RequestInit = {}) => {
        const url = String(input);
        const method = init.method ?? "GET";
        calls.push({ url, method, body: init.body ? JSON.parse(String(init.body)) : undefined });
        if (url.startsWith("/api/lists/list")) return Response.json({ code: 0, data: [{ ...list, feedIds }] });
        if (url.startsWith("/api/lists?listId=501")) {
          const feeds = feedIds.map((id) => feed(id, id === "11" ? "Tides" : "Harbour").feeds);
          return Response.json({ code: 0, data: { list: { ...list, feedIds, feeds }, subscriptionCount: 0 } });
        }
        if (url === "/api/lists/feeds" && method === "POST") {
          feedIds = [...feedIds, ...(JSON.parse(String(init.body)) as { feedIds: string[] }).feedIds];
          return Response.json({ code: 0, data: [] });
        }
        if (url === "/api/lists" && method === "DELETE") return Response.json({ code: 8004, message: "List has subscriptions" }, { status: 400 });
        if (url === "/api/lists" && (method === "POST" || method === "PATCH")) return Response.json({ code: 0, data: { ...list, ...(JSON.parse(String(init.body)) as object) } });
        if (url.startsWith("/api/status/configs")) return Response.json({ code: 0, data: power ? { POWER: true } : {} });
        return Response.json({ code: 0, data: null });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  const renderSettings = () => {
    const view = renderPage(
      <>
        <ListsSettings />
        <ModalStack />
      </>,
    );
    registerQueryClient(view.queryClient);
    return view;
  };

  it("shows each list with its feeds and adds a followed feed to it", async () => {
    renderSettings();
    const card = await screen.findByText("Sea news");
    const item = card.closest("li")!;
    expect(item.textContent).toContain("Tides and boats");
    expect(item.textContent).toContain("1 feed");
    await within(item).findByRole("list", { name: "Feeds of Sea news" });
    expect(within(item).getByRole("list", { name: "Feeds of Sea news" }).textContent).toContain("Tides");

    fireEvent.click(within(item).getByRole("button", { name: "Add feeds" }));
    const dialog = await screen.findByRole("dialog");
    // Tides is in the list already: only Harbour is offered.
    expect(within(dialog).queryByText("Tides")).toBeNull();
    fireEvent.click(within(dialog).getByRole("checkbox"));
    fireEvent.click(within(dialog).getByRole("button", { name: "Add 1 feed" }));
    await waitFor(() => expect(calls.some((call) => call.url === "/api/lists/feeds" && call.method === "POST")).toBe(true));
    expect(calls.find((call) => call.url === "/api/lists/feeds")?.body).toEqual({ listId: "501", feedIds: ["12"] });
    await waitFor(() => expect(item.textContent).toContain("2 feeds"));
  });

  it("asks before deleting and shows the refusal with its code's message", async () => {
    renderSettings();
    const item = (await screen.findByText("Sea news")).closest("li")!;
    fireEvent.click(within(item).getByRole("button", { name: "Delete list" }));
    const confirmDialog = await screen.findByRole("alertdialog");
    expect(confirmDialog.textContent).toContain("Delete Sea news?");
    fireEvent.click(within(confirmDialog).getByRole("button", { name: "Delete list" }));
    await waitFor(() => expect(calls.some((call) => call.url === "/api/lists" && call.method === "DELETE")).toBe(true));
    expect(calls.find((call) => call.method === "DELETE")?.body).toEqual({ listId: "501" });
  });

  const fee = () => screen.queryByLabelText("Fee (POWER)") as HTMLInputElement | null;
  const messageUnder = (input: HTMLElement) => input.parentElement?.querySelector("[role=alert]")?.textContent ?? null;

  it("asks a new list's fee (POWER on), checks it under the field and sends it", async () => {
    power = true;
    renderSettings();
    fireEvent.click(await screen.findByRole("button", { name: "New list" }));
    const dialog = await screen.findByRole("dialog");
    await waitFor(() => expect(fee()).not.toBeNull());
    const input = fee()!;
    expect(input.value).toBe("0");
    expect(input.min).toBe("0");
    expect(input.step).toBe("1");
    expect(dialog.textContent).toContain("What following this list costs other readers, once; 0 is free");
    fireEvent.change(within(dialog).getByLabelText("Title"), { target: { value: "Paid news" } });

    for (const bad of ["1.5", "-2", "", "1000000001"]) {
      fireEvent.change(input, { target: { value: bad } });
      expect(messageUnder(input), bad).toBe("Enter a whole number of POWER from 0 to 1,000,000,000.");
      expect(input.getAttribute("aria-invalid")).toBe("true");
    }
    fireEvent.submit(input.form!);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls.some((call) => call.url === "/api/lists" && call.method === "POST")).toBe(false);

    fireEvent.change(input, { target: { value: "25" } });
    expect(messageUnder(input)).toBeNull();
    fireEvent.click(within(dialog).getByRole("button", { name: "New list" }));
    await waitFor(() => expect(calls.some((call) => call.url === "/api/lists" && call.method === "POST")).toBe(true));
    expect(calls.find((call) => call.url === "/api/lists" && call.method === "POST")?.body).toEqual({ title: "Paid news", description: "", image: "", view: 0, fee: 25 });
  });

  it("edits the fee of a list (PATCH) with POWER on", async () => {
    power = true;
    renderSettings();
    const item = (await screen.findByText("Sea news")).closest("li")!;
    fireEvent.click(within(item).getByRole("button", { name: "Edit list" }));
    const dialog = await screen.findByRole("dialog");
    await waitFor(() => expect(fee()).not.toBeNull());
    fireEvent.change(fee()!, { target: { value: "3" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(calls.some((call) => call.method === "PATCH")).toBe(true));
    expect(calls.find((call) => call.method === "PATCH")?.body).toEqual({ listId: "501", title: "Sea news", description: "Tides and boats", image: "", view: 0, fee: 3 });
  });

  it("hides the fee with POWER off: a new list is free, an edit leaves the fee alone", async () => {
    renderSettings();
    fireEvent.click(await screen.findByRole("button", { name: "New list" }));
    let dialog = await screen.findByRole("dialog");
    await waitFor(() => expect(calls.some((call) => call.url.startsWith("/api/status/configs"))).toBe(true));
    expect(fee()).toBeNull();
    fireEvent.change(within(dialog).getByLabelText("Title"), { target: { value: "Free news" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "New list" }));
    await waitFor(() => expect(calls.some((call) => call.url === "/api/lists" && call.method === "POST")).toBe(true));
    expect(calls.find((call) => call.url === "/api/lists" && call.method === "POST")?.body).toEqual({ title: "Free news", description: "", image: "", view: 0, fee: 0 });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    const item = (await screen.findByText("Sea news")).closest("li")!;
    fireEvent.click(within(item).getByRole("button", { name: "Edit list" }));
    dialog = await screen.findByRole("dialog");
    expect(fee()).toBeNull();
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(calls.some((call) => call.method === "PATCH")).toBe(true));
    expect(calls.find((call) => call.method === "PATCH")?.body).toEqual({ listId: "501", title: "Sea news", description: "Tides and boats", image: "", view: 0 });
  });

  it("keeps the owner's own follow when other readers follow the list too", async () => {
    const followed: ListSubscription = { userId: "me", view: 0, category: null, title: null, isPrivate: false, createdAt: "2026-01-01T00:00:00.000Z", listId: "501", lastViewedAt: null, lists: list };
    subscriptionsActions.replace([followed]);
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: string, init: RequestInit = {}) => {
        calls.push({ url: String(input), method: init.method ?? "GET", body: undefined });
        return Response.json({ code: 0, data: { list, subscriptionCount: 2 } });
      }),
    );
    const error = await deleteList("501").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(8004);
    expect(calls.map((call) => call.method)).toEqual(["GET"]);
  });
});
