import { act, fireEvent, render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DEFAULT_IMAGE_CONFIG, setImageConfig } from "../lib/image-proxy.ts";
import { FeedIcon, iconCandidates } from "./feed-icon.tsx";

const OFF = { proxy: false, avatarServices: DEFAULT_IMAGE_CONFIG.avatarServices };
const proxied = (url: string, width = 64) => `/api/image?url=${encodeURIComponent(url)}&w=${width}`;

describe("iconCandidates", () => {
  it("tries the feed's own image, then the avatar services by host, each through the proxy", () => {
    expect(iconCandidates("https://blog.example.org/icon.png", "https://www.blog.example.org/", "https://blog.example.org/feed.xml", DEFAULT_IMAGE_CONFIG, 64)).toEqual([
      proxied("https://blog.example.org/icon.png"),
      proxied("https://icons.duckduckgo.com/ip3/blog.example.org.ico"),
      proxied("https://www.google.com/s2/favicons?domain=blog.example.org&sz=64"),
    ]);
  });

  it("asks the services directly with the proxy off, by the feed's host without a site", () => {
    expect(iconCandidates(null, null, "https://feeds.example.net/rss", OFF)).toEqual([
      "https://icons.duckduckgo.com/ip3/feeds.example.net.ico",
      "https://www.google.com/s2/favicons?domain=feeds.example.net&sz=64",
    ]);
  });

  it("asks no avatar service for an address, localhost or a name of the local network", () => {
    for (const site of ["http://127.0.0.1:8080/", "http://[::1]/", "http://localhost/", "http://nas/", "http://printer.local/", "http://wiki.home.arpa/"]) {
      expect(iconCandidates(null, site, null, OFF)).toEqual([]);
    }
    expect(iconCandidates(null, "http://192.168.1.4/", null, OFF, 32)).toEqual([]);
    expect(iconCandidates(null, "https://news.example.com/", null, OFF)).toHaveLength(2);
  });

  it("asks no service when none is configured, and ignores images that are not http(s)", () => {
    expect(iconCandidates("javascript:alert(1)", "https://example.org", null, { proxy: true, avatarServices: [] })).toEqual([]);
    expect(iconCandidates(null, null, null)).toEqual([]);
  });
});

describe("FeedIcon", () => {
  it("falls through the candidates to the domain's first two letters", () => {
    act(() => void setImageConfig({ IMAGE_PROXY: true, AVATAR_SERVICES: ["https://icons.example/{host}.png"] }));
    const { container } = render(<FeedIcon image="https://news.example.com/logo.png" siteUrl="https://news.example.com/" title="News" size={16} />);
    const first = container.querySelector("img")!;
    expect(first.getAttribute("src")).toBe(proxied("https://news.example.com/logo.png", 32));
    expect(first.getAttribute("referrerpolicy")).toBe("no-referrer");
    fireEvent.error(first);
    const second = container.querySelector("img")!;
    expect(second.getAttribute("src")).toBe(proxied("https://icons.example/news.example.com.png", 32));
    fireEvent.error(second);
    expect(container.querySelector("img")).toBeNull();
    expect(container.textContent).toBe("NE");
  });

  it("follows the server's settings as they arrive", () => {
    act(() => void setImageConfig({ IMAGE_PROXY: true, AVATAR_SERVICES: [] }));
    const { container } = render(<FeedIcon image="https://a.example/i.png" size={24} />);
    expect(container.querySelector("img")!.getAttribute("src")).toBe(proxied("https://a.example/i.png", 48));
    act(() => void setImageConfig({ IMAGE_PROXY: false, AVATAR_SERVICES: [] }));
    expect(container.querySelector("img")!.getAttribute("src")).toBe("https://a.example/i.png");
  });
});
