import { describe, expect, it } from "vitest";
import { type ConfigError, DEFAULT_AVATAR_SERVICES, loadConfig } from "../../src/env.ts";

describe("image configuration", () => {
  it("has the proxy on, a 512 MB cache and the two avatar services by default", () => {
    expect(loadConfig({}, "/srv").images).toEqual({
      proxy: true,
      cacheMaxBytes: 512 * 1024 * 1024,
      maxBytes: 20 * 1024 * 1024,
      perHour: 3000,
      avatarServices: DEFAULT_AVATAR_SERVICES,
      siteIcons: true,
    });
  });

  it("reads every variable; an empty AVATAR_SERVICES asks no service", () => {
    const config = loadConfig(
      { IMAGE_PROXY: "off", IMAGE_CACHE_MAX_MB: "64", IMAGE_MAX_BYTES: "100000", IMAGE_PROXY_PER_HOUR: "0", SITE_ICONS: "no", AVATAR_SERVICES: " https://icons.example/{host}.png , https://unavatar.io/{host} " },
      "/srv",
    );
    expect(config.images).toEqual({
      proxy: false,
      cacheMaxBytes: 64 * 1024 * 1024,
      maxBytes: 100_000,
      perHour: 0,
      avatarServices: ["https://icons.example/{host}.png", "https://unavatar.io/{host}"],
      siteIcons: false,
    });
    expect(loadConfig({ AVATAR_SERVICES: "" }, "/srv").images.avatarServices).toEqual([]);
  });

  it("names what is wrong", () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env, "/srv");
      } catch (error) {
        return (error as ConfigError).problems;
      }
      return [];
    };
    expect(problems({ AVATAR_SERVICES: "https://icons.example/favicon.ico,ftp://x/{host}" })).toEqual([
      'AVATAR_SERVICES must be comma-separated http(s) URLs containing {host} (got "https://icons.example/favicon.ico")',
      'AVATAR_SERVICES must be comma-separated http(s) URLs containing {host} (got "ftp://x/{host}")',
    ]);
    expect(problems({ IMAGE_CACHE_MAX_MB: "0" })).toEqual(['IMAGE_CACHE_MAX_MB must be an integer from 1 to 1000000 (got "0")']);
    expect(problems({ IMAGE_PROXY: "maybe" })).toEqual(['IMAGE_PROXY must be true or false (got "maybe")']);
  });
});
