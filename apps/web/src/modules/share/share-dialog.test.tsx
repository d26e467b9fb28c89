import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderPage } from "../../../test/helpers/render.tsx";
import { ShareDialog } from "./share-dialog.tsx";

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock("sonner", () => ({ toast }));

const origin = "https://tidings.example";
const entry = { kind: "entry", id: "1900000000000000001", title: "Ship arrival", url: "https://harbour.example/1", feedId: "1800000000000000001" } as const;
let written: string[];

beforeEach(() => {
  written = [];
  toast.success.mockClear();
  Object.defineProperty(navigator, "clipboard", { configurable: true, value: { writeText: vi.fn(async (text: string) => void written.push(text)) } });
});
afterEach(() => {
  Reflect.deleteProperty(navigator, "share");
});

const link = () => (screen.getByLabelText("Link") as HTMLInputElement).value;

describe("ShareDialog", () => {
  it("offers an entry's original article and its page here, with a QR code of the chosen link", async () => {
    renderPage(<ShareDialog subject={entry} origin={origin} />);
    expect(link()).toBe("https://harbour.example/1");
    const qr = screen.getByRole("img", { name: "QR code of the link" });
    const firstCode = qr.querySelector("path")!.getAttribute("d");
    fireEvent.click(screen.getByRole("radio", { name: "Page on Tidings" }));
    expect(link()).toBe(`${origin}/share/entries/${entry.id}`);
    expect(screen.getByRole("radio", { name: "Page on Tidings" }).getAttribute("aria-checked")).toBe("true");
    expect(screen.getByRole("img", { name: "QR code of the link" }).querySelector("path")!.getAttribute("d")).not.toBe(firstCode);
    fireEvent.keyDown(screen.getByRole("radiogroup", { name: "Which link to share" }), { key: "ArrowRight" });
    expect(link()).toBe("https://harbour.example/1");
    fireEvent.keyDown(screen.getByRole("radiogroup", { name: "Which link to share" }), { key: "ArrowRight" });
    expect(link()).toBe(`${origin}/share/entries/${entry.id}`);
    expect(screen.getByRole("link", { name: "Share on X" }).getAttribute("href")).toBe(
      `https://x.com/intent/tweet?text=Ship%20arrival&url=${encodeURIComponent(`${origin}/share/entries/${entry.id}`)}`,
    );
  });

  it("copies the link and the title, each with a toast", async () => {
    renderPage(<ShareDialog subject={entry} origin={origin} />);
    fireEvent.click(screen.getByRole("button", { name: "Copy link" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Link copied"));
    fireEvent.click(screen.getByRole("button", { name: "Copy title" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Title copied"));
    expect(written).toEqual(["https://harbour.example/1", "Ship arrival"]);
  });

  it("opens every social target in a new tab without a handle on this page, e-mail by mailto", () => {
    renderPage(<ShareDialog subject={{ kind: "list", id: "1700000000000000001", title: "Sea news" }} origin={origin} />);
    expect(screen.queryByRole("radiogroup")).toBeNull();
    expect(link()).toBe(`${origin}/share/lists/1700000000000000001`);
    const targets = within(screen.getByRole("region", { name: "Share to" })).getAllByRole("link");
    expect(targets.map((target) => target.textContent)).toEqual(["X", "Facebook", "LinkedIn", "Reddit", "Telegram", "WhatsApp", "Weibo", "Hacker News", "E-mail"]);
    for (const target of targets) {
      expect(target.getAttribute("rel")).toContain("noopener");
      expect(target.getAttribute("target")).toBe(target.textContent === "E-mail" ? null : "_blank");
    }
    expect(screen.getByRole("link", { name: "Share on E-mail" }).getAttribute("href")).toMatch(/^mailto:\?subject=Sea%20news&body=Sea%20news%20https%3A/);
  });

  it("shows the system share button only where the browser has one", () => {
    const view = renderPage(<ShareDialog subject={entry} origin={origin} />);
    expect(screen.queryByRole("button", { name: "Share with…" })).toBeNull();
    view.unmount();
    const share = vi.fn(async () => undefined);
    Object.defineProperty(navigator, "share", { configurable: true, value: share });
    renderPage(<ShareDialog subject={entry} origin={origin} />);
    fireEvent.click(screen.getByRole("button", { name: "Share with…" }));
    expect(share).toHaveBeenCalledWith({ url: "https://harbour.example/1", title: "Ship arrival" });
  });

  it("says there is nothing to share for an inbox entry without a link", () => {
    renderPage(<ShareDialog subject={{ ...entry, url: null, feedId: null }} origin={origin} />);
    expect(screen.getByText(/came to an inbox and is private/)).toBeTruthy();
  });
});
