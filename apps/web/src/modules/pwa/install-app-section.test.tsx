import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderPage } from "../../../test/helpers/render.tsx";
import { isAppleMobile, InstallAppSection } from "./install-app-section.tsx";
import { createInstallPrompt } from "./install-prompt.ts";

/** A window with only what the install prompt listens to: its events and the standalone display mode. */
function fakeWindow({ standalone = false } = {}) {
  const media = Object.assign(new EventTarget(), { matches: standalone });
  const target = Object.assign(new EventTarget(), { matchMedia: () => media });
  return { target, window: target as unknown as Window };
}

/** Chromium's install offer, answering `outcome` when shown. */
function installOffer(outcome: "accepted" | "dismissed" = "accepted") {
  const prompt = vi.fn(async () => {});
  const event = Object.assign(new Event("beforeinstallprompt", { cancelable: true }), { prompt, userChoice: Promise.resolve({ outcome }) });
  return { event, prompt };
}

const section = () => screen.getByTestId("install-app");
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";

afterEach(() => vi.restoreAllMocks());

describe("InstallAppSection", () => {
  it("tells how to install from the browser's menu when the browser made no offer", () => {
    const { window } = fakeWindow();
    renderPage(<InstallAppSection install={createInstallPrompt(window)} />);
    expect(section().dataset.state).toBe("manual");
    expect(screen.getByText(/Open your browser’s menu and choose “Install app”/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Install" })).toBeNull();
  });

  it("tells iPhone readers to use Share → Add to Home Screen", () => {
    vi.spyOn(navigator, "userAgent", "get").mockReturnValue(IPHONE);
    renderPage(<InstallAppSection install={createInstallPrompt(fakeWindow().window)} />);
    expect(screen.getByText("In Safari, tap Share, then “Add to Home Screen”.")).toBeTruthy();
  });

  it("offers the browser's install dialog once it arrives, and shows it on a click", async () => {
    const { target, window } = fakeWindow();
    const install = createInstallPrompt(window);
    renderPage(<InstallAppSection install={install} />);
    const { event, prompt } = installOffer();
    act(() => void target.dispatchEvent(event));
    // The browser's own banner is held back: Settings offers the install.
    expect(event.defaultPrevented).toBe(true);
    expect(section().dataset.state).toBe("available");
    expect(screen.queryByText(/Open your browser’s menu/)).toBeNull();

    await userEvent.click(screen.getByRole("button", { name: "Install" }));
    expect(prompt).toHaveBeenCalledOnce();
    // An offer is shown once: without a new one, the reader is back to the browser's menu.
    expect(section().dataset.state).toBe("manual");
    act(() => void target.dispatchEvent(new Event("appinstalled")));
    expect(section().dataset.state).toBe("installed");
    expect(screen.getByRole("status").textContent).toBe("Installed");
  });

  it("answers whether the reader accepted the install", async () => {
    const { target, window } = fakeWindow();
    const install = createInstallPrompt(window);
    expect(await install.prompt()).toBe(false);
    target.dispatchEvent(installOffer("dismissed").event);
    expect(await install.prompt()).toBe(false);
    target.dispatchEvent(installOffer("accepted").event);
    expect(await install.prompt()).toBe(true);
  });

  it("says Installed inside the installed app (standalone display)", () => {
    renderPage(<InstallAppSection install={createInstallPrompt(fakeWindow({ standalone: true }).window)} />);
    expect(section().dataset.state).toBe("installed");
    expect(screen.getByRole("status").textContent).toBe("Installed");
    expect(screen.queryByRole("button", { name: "Install" })).toBeNull();
    expect(screen.queryByText(/Open your browser’s menu/)).toBeNull();
  });
});

describe("isAppleMobile", () => {
  it.each([
    [IPHONE, 5, true],
    ["Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15", 5, true],
    ["Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15", 0, false],
    ["Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36", 5, false],
  ])("%s with %i touch points: %s", (userAgent, maxTouchPoints, expected) => {
    expect(isAppleMobile({ userAgent, maxTouchPoints })).toBe(expected);
  });
});
