import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderPage } from "../../../test/helpers/render.tsx";
import { GENERAL_DEFAULTS, UI_DEFAULTS } from "../../store/settings-defaults.ts";
import { settingsActions, useSettings } from "../../store/settings.store.ts";
import { EntryContent } from "./entry-content.tsx";

afterEach(() => {
  useSettings.setState({ general: { ...GENERAL_DEFAULTS }, ui: { ...UI_DEFAULTS } });
  document.documentElement.classList.remove("dark");
  vi.restoreAllMocks();
});

const coloured = (pre: Element) => pre.querySelectorAll("code span[style*='color']").length;
const JS = '<pre><code class="language-js">const answer = 42;\nconsole.log(answer);</code></pre>';

describe("code blocks", () => {
  it("show plain monospace text at once, then shiki's colours (loaded lazily)", async () => {
    const { container } = renderPage(<EntryContent html={JS} />);
    const pre = container.querySelector("pre")!;
    expect(pre.textContent).toBe("const answer = 42;\nconsole.log(answer);");
    expect(pre.hasAttribute("data-highlighted")).toBe(false);
    expect(coloured(pre)).toBe(0);

    await waitFor(() => expect(container.querySelector("pre[data-highlighted]")).not.toBeNull(), { timeout: 15_000 });
    const highlighted = container.querySelector("pre")!;
    expect(coloured(highlighted)).toBeGreaterThan(2);
    expect(highlighted.textContent).toBe("const answer = 42;\nconsole.log(answer);");
    // github-light: white background.
    expect(highlighted.style.backgroundColor).toMatch(/#fff|rgb\(255, 255, 255\)/i);
  }, 20_000);

  it("switch to the dark code theme when the app turns dark", async () => {
    const { container } = renderPage(<EntryContent html={JS} />);
    await waitFor(() => expect(container.querySelector("pre[data-highlighted]")).not.toBeNull(), { timeout: 15_000 });
    const light = container.querySelector("pre")!.style.backgroundColor;
    act(() => document.documentElement.classList.add("dark"));
    await waitFor(() => expect(container.querySelector("pre")!.style.backgroundColor).not.toBe(light), { timeout: 15_000 });
    // github-dark: #24292e.
    expect(container.querySelector("pre")!.style.backgroundColor).toMatch(/#24292e|rgb\(36, 41, 46\)/i);
  }, 20_000);

  it("use the themes chosen in the settings (with enhanced settings on)", async () => {
    settingsActions.setGeneral({ enhancedSettings: true });
    settingsActions.setUI({ codeHighlightThemeLight: "solarized-light" });
    const { container } = renderPage(<EntryContent html={JS} />);
    await waitFor(() => expect(container.querySelector("pre[data-highlighted]")).not.toBeNull(), { timeout: 15_000 });
    expect(container.querySelector("pre")!.style.backgroundColor).toMatch(/#fdf6e3|rgb\(253, 246, 227\)/i);
  }, 20_000);

  it("guess the language when the markup does not say, only if guessCodeLanguage is on", async () => {
    const html = '<pre>{\n  "name": "tidings",\n  "private": true\n}</pre>';
    const guessed = renderPage(<EntryContent html={html} />);
    expect(guessed.container.querySelector("[data-language]")!.getAttribute("data-language")).toBe("json");
    await waitFor(() => expect(guessed.container.querySelector("pre[data-highlighted]")).not.toBeNull(), { timeout: 15_000 });
    guessed.unmount();

    act(() => settingsActions.setUI({ guessCodeLanguage: false }));
    const plain = renderPage(<EntryContent html={html} />);
    expect(plain.container.querySelector("[data-language]")).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(plain.container.querySelector("pre[data-highlighted]")).toBeNull();
  }, 20_000);

  it("stay plain for unknown languages and explicit plain text", async () => {
    const { container } = renderPage(<EntryContent html={'<pre><code class="language-nonexistent">a b c</code></pre><pre class="language-text">const x = 1;</pre>'} />);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(container.querySelectorAll("pre[data-highlighted]")).toHaveLength(0);
    expect(container.querySelectorAll("pre")[1]!.textContent).toBe("const x = 1;");
  });

  it("keep line breaks written as <br> and offer a copy button", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    const { container } = renderPage(<EntryContent html="<pre>line one<br>line two</pre>" />);
    expect(container.querySelector("pre")!.textContent).toBe("line one\nline two");
    fireEvent.click(screen.getByRole("button", { name: "Copy code" }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Copied" })).toBeTruthy());
    expect(writeText).toHaveBeenCalledWith("line one\nline two");
  });
});
