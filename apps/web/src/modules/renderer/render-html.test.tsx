import { act, fireEvent, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderPage } from "../../../test/helpers/render.tsx";
import { GENERAL_DEFAULTS, UI_DEFAULTS } from "../../store/settings-defaults.ts";
import { settingsActions, useSettings } from "../../store/settings.store.ts";
import { EntryContent } from "./entry-content.tsx";
import { renderContent, renderHtml } from "./render-html.tsx";
import type { RenderOptions } from "./types.ts";

const BASE = "https://blog.example/posts/1";

function show(html: string, options: RenderOptions = {}) {
  const { container } = renderPage(<div data-testid="root">{renderHtml(html, options) as ReactNode}</div>);
  return container.querySelector("[data-testid=root]")!;
}

afterEach(() => {
  useSettings.setState({ general: { ...GENERAL_DEFAULTS }, ui: { ...UI_DEFAULTS } });
  document.documentElement.classList.remove("dark");
});

describe("links", () => {
  it("turns http(s) links into new-tab links that pass no referrer", () => {
    const root = show('<p><a href="https://site.example/a" title="T">A</a> <a href="http://site.example/b">B</a></p>');
    const links = root.querySelectorAll("a");
    expect(links).toHaveLength(2);
    expect(links[0]!.getAttribute("href")).toBe("https://site.example/a");
    expect(links[0]!.getAttribute("target")).toBe("_blank");
    expect(links[0]!.getAttribute("rel")).toBe("noopener noreferrer nofollow");
    expect(links[0]!.getAttribute("title")).toBe("T");
    expect(links[1]!.getAttribute("href")).toBe("http://site.example/b");
  });

  it("renders other schemes as their text only", () => {
    const root = show('<p><a href="javascript:alert(1)">one</a> <a href="mailto:a@b.c">two</a> <a href="data:text/html,x">three</a> <a href=" jav&#x09;ascript:x">four</a> <a>five</a></p>');
    expect(root.querySelectorAll("a")).toHaveLength(0);
    expect(root.textContent).toBe("one two three four five");
  });

  it("resolves relative links against the base URL, and drops them without one", () => {
    const html = '<a href="../about">about</a> <a href="//cdn.example/x">cdn</a> <a href="#top">top</a>';
    const withBase = show(html, { baseUrl: BASE });
    expect([...withBase.querySelectorAll("a")].map((a) => a.getAttribute("href"))).toEqual([
      "https://blog.example/about",
      "https://cdn.example/x",
      "https://blog.example/posts/1#top",
    ]);
    const withoutBase = show(html);
    expect([...withoutBase.querySelectorAll("a")].map((a) => a.getAttribute("href"))).toEqual(["https://cdn.example/x"]);
    expect(withoutBase.textContent).toContain("about");
  });

  it("linkifies bare URLs in text, but not inside links or code", () => {
    const root = show('<p>See https://example.com/a_(b)). Or <code>https://in.code/x</code> or <a href="https://l.example/">https://l.example/</a></p><pre>https://in.pre/</pre>');
    const hrefs = [...root.querySelectorAll("a[data-entry-link]")].map((a) => a.getAttribute("href"));
    expect(hrefs).toEqual(["https://example.com/a_(b)", "https://l.example/"]);
    expect(root.querySelector("p")!.textContent).toBe("See https://example.com/a_(b)). Or https://in.code/x or https://l.example/");
  });

  it("reports link clicks to onLinkClick with the URL (renderHtml and EntryContent)", () => {
    const onLinkClick = vi.fn((_url: string, event: { preventDefault: () => void }) => event.preventDefault());
    const root = show('<a href="https://x.example/1">one</a>', { onLinkClick });
    fireEvent.click(root.querySelector("a")!);
    expect(onLinkClick).toHaveBeenCalledWith("https://x.example/1", expect.objectContaining({ type: "click" }));

    const inContent = vi.fn((_url: string, event: { preventDefault: () => void }) => event.preventDefault());
    renderPage(<EntryContent html="<p>Go to https://y.example/2 now</p>" onLinkClick={inContent} />);
    fireEvent.click(screen.getByRole("link", { name: "https://y.example/2" }));
    expect(inContent).toHaveBeenCalledTimes(1);
    expect(inContent.mock.calls[0]![0]).toBe("https://y.example/2");
  });
});

describe("callouts", () => {
  it.each([
    ["NOTE", "note", "Note"],
    ["TIP", "success", "Tip"],
    ["IMPORTANT", "info", "Important"],
    ["WARNING", "warning", "Warning"],
    ["CAUTION", "danger", "Caution"],
  ])("renders a GitHub [!%s] blockquote as a %s callout", (marker, type, label) => {
    const root = show(`<blockquote><p>[!${marker}]<br>Mind the gap.</p></blockquote>`);
    const callout = root.querySelector("[data-callout]")!;
    expect(callout.getAttribute("data-callout")).toBe(type);
    expect(callout.querySelector(".entry-callout-title")!.textContent).toBe(label);
    expect(callout.querySelector("svg")).not.toBeNull();
    expect(callout.textContent).not.toContain("[!");
    expect(callout.textContent).toContain("Mind the gap.");
    expect(root.querySelector("blockquote")).toBeNull();
  });

  it("recognises the marker on its own paragraph and the class dialects", () => {
    const root = show(
      '<blockquote><p>[!tip]</p><p>Own paragraph.</p></blockquote>' +
        '<div class="callout-danger">Danger zone</div>' +
        '<div class="markdown-alert markdown-alert-warning"><p class="markdown-alert-title">Warning</p><p>Rendered by GitHub</p></div>' +
        '<div class="admonition note"><p class="admonition-title">Note</p><p>MkDocs</p></div>',
    );
    const callouts = [...root.querySelectorAll("[data-callout]")];
    expect(callouts.map((c) => c.getAttribute("data-callout"))).toEqual(["success", "danger", "warning", "note"]);
    expect(callouts[0]!.querySelectorAll("p")).toHaveLength(2); // title + body, the empty marker paragraph is gone
    expect(callouts[2]!.textContent).toBe("WarningRendered by GitHub");
  });

  it("leaves ordinary blockquotes alone", () => {
    const root = show("<blockquote><p>[link] and [!unknown] text</p></blockquote><blockquote><p>Plain quote</p></blockquote>");
    expect(root.querySelectorAll("blockquote")).toHaveLength(2);
    expect(root.querySelector("[data-callout]")).toBeNull();
  });
});

describe("media", () => {
  const MEDIA =
    '<p>Text</p><img src="https://i.example/a.png"><picture><source srcset="https://i.example/a.avif"><img src="https://i.example/b.png"></picture>' +
    '<video src="https://v.example/a.mp4"></video><audio src="https://a.example/a.mp3"></audio><iframe src="https://www.youtube.com/embed/x"></iframe>';

  it("keeps images, video, audio and allowed embeds normally", () => {
    const root = show(MEDIA);
    expect(root.querySelectorAll("img")).toHaveLength(2);
    expect(root.querySelectorAll("picture source")).toHaveLength(1);
    expect(root.querySelectorAll("video, audio, iframe")).toHaveLength(3);
  });

  it("removes them all with noMedia, keeping the text", () => {
    const root = show(MEDIA, { noMedia: true });
    expect(root.querySelectorAll("img, picture, video, audio, iframe, source")).toHaveLength(0);
    expect(root.textContent).toBe("Text");
  });

  it("plays .mp4 and .webm links and images inline, query strings included", () => {
    const root = show('<p><a href="https://v.example/clip.mp4?token=1">clip</a></p><img src="https://v.example/b.webm#t=3"><a href="https://v.example/page.mp4.html">not a video</a>');
    const videos = root.querySelectorAll("video");
    expect([...videos].map((v) => v.getAttribute("src"))).toEqual(["https://v.example/clip.mp4?token=1", "https://v.example/b.webm#t=3"]);
    for (const video of videos) {
      expect(video.hasAttribute("controls")).toBe(true);
      expect(video.getAttribute("preload")).toBe("metadata");
      expect(video.hasAttribute("autoplay")).toBe(false);
    }
    expect(root.querySelector("a")!.getAttribute("href")).toBe("https://v.example/page.mp4.html");
  });

  it("makes images lazy, referrer-free and sized, and drops tracking pixels", () => {
    const root = show(
      '<img src="/a.png" width="640" height="480" alt="A"><img src="https://t.example/p.gif" width="1" height="1"><img src="https://t.example/q.gif" style="height:0px">' +
        '<img src="data:image/gif;base64,R0lGOD" data-src="https://i.example/lazy.jpg"><img src="data:image/svg+xml;base64,PHN2Zz4="><img src="javascript:x">',
      { baseUrl: BASE },
    );
    const images = [...root.querySelectorAll("img")];
    expect(images.map((img) => img.getAttribute("src"))).toEqual(["https://blog.example/a.png", "https://i.example/lazy.jpg"]);
    expect(images[0]!.getAttribute("loading")).toBe("lazy");
    expect(images[0]!.getAttribute("decoding")).toBe("async");
    expect(images[0]!.getAttribute("referrerpolicy")).toBe("no-referrer");
    expect(images[0]!.getAttribute("width")).toBe("640");
    expect(images[0]!.getAttribute("height")).toBe("480");
    expect(images[0]!.getAttribute("alt")).toBe("A");
  });

  it("embeds only YouTube, Vimeo and Bilibili players over https, sandboxed", () => {
    const root = show(
      '<iframe src="http://www.youtube.com/embed/a"></iframe><iframe src="https://player.vimeo.com/video/1"></iframe><iframe src="//player.bilibili.com/player.html?bvid=x"></iframe>' +
        '<iframe src="https://evil.example/embed/a"></iframe><iframe src="https://www.youtube.com/watch?v=a"></iframe><iframe srcdoc="<script>x</script>"></iframe>',
    );
    const frames = [...root.querySelectorAll("iframe")];
    expect(frames.map((f) => f.getAttribute("src"))).toEqual([
      "https://www.youtube.com/embed/a",
      "https://player.vimeo.com/video/1",
      "https://player.bilibili.com/player.html?bvid=x",
    ]);
    for (const frame of frames) {
      expect(frame.getAttribute("sandbox")).toContain("allow-scripts");
      expect(frame.getAttribute("sandbox")).not.toContain("allow-top-navigation");
      expect(frame.hasAttribute("srcdoc")).toBe(false);
    }
  });
});

describe("structure", () => {
  it("gives headings unique slug ids and an anchor link", () => {
    const root = show("<h2>Getting started</h2><h3>Getting started</h3><h2>¿Qué tal? 你好</h2>");
    const headings = [...root.querySelectorAll("h2, h3")];
    expect(headings.map((h) => h.id)).toEqual(["getting-started", "getting-started-1", "qué-tal-你好"]);
    const anchor = headings[0]!.querySelector("a.entry-heading-anchor")!;
    expect(anchor.getAttribute("href")).toBe("#getting-started");
    expect(anchor.getAttribute("aria-label")).toBe("Link to this section");
  });

  it("drops dangerous elements with their content and unwraps unknown ones", () => {
    const root = show("<p>a<script>bad()</script><style>p{}</style><form><input value=x><button>b</button></form><custom-tag>kept</custom-tag><font color=red>c</font></p>");
    expect(root.innerHTML).not.toMatch(/script|style|form|input|button|custom-tag/);
    expect(root.textContent).toBe("akeptc");
  });

  it("wraps tables so that they scroll sideways", () => {
    const root = show("<table><tr><td colspan=2 onclick=x>a</td></tr></table>");
    const wrapper = root.querySelector(".entry-table")!;
    expect(wrapper.querySelector("td")!.getAttribute("colspan")).toBe("2");
    expect(wrapper.querySelector("td")!.hasAttribute("onclick")).toBe(false);
  });

  it("keeps a safe subset of inline styles only when asked", () => {
    const html = '<p style="color: red; text-align: center; position: fixed; background: url(x); background-color: rgb(1, 2, 3)">x</p><span style="color: expression(alert(1))">y</span>';
    const styled = show(html, { inlineStyle: true });
    expect(styled.querySelector("p")!.getAttribute("style")).toBe("color: red; text-align: center; background-color: rgb(1, 2, 3);");
    expect(styled.querySelector("span")!.hasAttribute("style")).toBe(false);
    const plain = show(html, { inlineStyle: false });
    expect(plain.querySelector("p")!.hasAttribute("style")).toBe(false);
  });

  it("reports empty content and counts only what is shown", () => {
    expect(renderContent(null).empty).toBe(true);
    expect(renderContent("  ").empty).toBe(true);
    expect(renderContent("<p> <br> </p><script>alert(1)</script>").empty).toBe(true);
    expect(renderContent('<img src="https://i.example/a.png">').empty).toBe(false);
    expect(renderContent('<img src="https://i.example/a.png">', { noMedia: true }).empty).toBe(true);
    expect(renderContent("<p>hi</p>").empty).toBe(false);
  });
});

describe("EntryContent", () => {
  it("shows the no-content placeholder for empty entries", () => {
    renderPage(<EntryContent html={null} />);
    expect(screen.getByText("No content")).toBeTruthy();
  });

  it("applies the reader settings as CSS variables and scopes custom CSS", () => {
    settingsActions.setUI({ contentFontSize: 18, contentLineHeight: 1.5, readerFontFamily: "Georgia", customCSS: "p { color: teal; }" });
    const { container } = renderPage(<EntryContent html="<p>Hello</p>" className="extra" />);
    const root = container.querySelector<HTMLElement>(".entry-content.extra")!;
    expect(root.style.getPropertyValue("--entry-font-size")).toBe("18px");
    expect(root.style.getPropertyValue("--entry-line-height")).toBe("1.5");
    expect(root.style.getPropertyValue("--entry-font-family")).toBe("Georgia");
    const style = root.querySelector("style")!;
    expect(style.textContent).toBe("@scope (.entry-content) {\np { color: teal; }\n}");
  });

  it("follows readerRenderInlineStyle (an enhanced setting)", () => {
    const html = '<p style="color: red">x</p>';
    const first = renderPage(<EntryContent html={html} />);
    expect(first.container.querySelector("p")!.getAttribute("style")).toBe("color: red;");
    first.unmount();
    act(() => settingsActions.setGeneral({ enhancedSettings: true }));
    act(() => settingsActions.setUI({ readerRenderInlineStyle: false }));
    const second = renderPage(<EntryContent html={html} />);
    expect(second.container.querySelector("p")!.hasAttribute("style")).toBe(false);
  });
});

describe("AI translation marker (immersive translation)", () => {
  it("keeps data-translation, without its value, on translated blocks and headings, and no other data attribute", () => {
    const root = show('<h2>Fog</h2><h2 data-translation="x">霧</h2><p data-other="1">Hello</p><p data-translation="">Bonjour</p>');
    const marked = root.querySelectorAll("[data-translation]");
    expect([...marked].map((element) => `${element.localName}:${element.getAttribute("data-translation")}:${element.textContent}`)).toEqual(["h2::霧", "p::Bonjour"]);
    expect(root.querySelector("[data-other]")).toBeNull();
    // The original heading keeps its anchor; its translation does not get a second one.
    expect(root.querySelectorAll("h2[id]")).toHaveLength(1);
  });
});
