import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { integrationsPulled, PUSH_DELAY_MS, resetIntegrationSyncForTests, setIntegrationSync, startIntegrationSync } from "./integration-sync.ts";
import { INTEGRATION_DEFAULTS, setIntegration, useIntegrationSettings } from "./integration.store.ts";

interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** A stand-in for /api/integrations/settings holding one copy. */
function fakeServer(initial: { settings: Record<string, unknown>; updatedAt: string } | null) {
  let copy = initial;
  const calls: Call[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? "GET";
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, url, body });
    if (method === "GET") return Response.json({ code: 0, data: copy ?? { settings: null, updatedAt: null } });
    if (method === "PUT") {
      copy = { settings: (body as { settings: Record<string, unknown> }).settings, updatedAt: new Date(Date.now() + 1).toISOString() };
      return Response.json({ code: 0, data: { updatedAt: copy.updatedAt } });
    }
    copy = null;
    return Response.json({ code: 0 });
  });
  vi.stubGlobal("fetch", fetch);
  return { calls, copy: () => copy };
}

beforeEach(() => {
  useIntegrationSettings.setState({ ...INTEGRATION_DEFAULTS });
  resetIntegrationSyncForTests();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("integration settings sync", () => {
  it("sends this device's settings (not the switch itself) when the server has none", async () => {
    const server = fakeServer(null);
    setIntegration({ enableReadwise: true, readwiseToken: "rw-token" });
    await setIntegrationSync(true);
    expect(server.calls.map((call) => `${call.method} ${call.url}`)).toEqual(["GET /api/integrations/settings", "PUT /api/integrations/settings"]);
    const sent = (server.calls[1]!.body as { settings: Record<string, unknown> }).settings;
    expect(sent).toMatchObject({ enableReadwise: true, readwiseToken: "rw-token" });
    expect(sent).not.toHaveProperty("syncIntegrations");
    expect(useIntegrationSettings.getState().syncIntegrations).toBe(true);
  });

  it("restores the server's copy on a device that has not changed its own", async () => {
    const server = fakeServer({ settings: { enableReadeck: true, readeckEndpoint: "http://192.168.1.20:8000", readeckToken: "rd", syncIntegrations: false, bogus: 1 }, updatedAt: new Date().toISOString() });
    await setIntegrationSync(true);
    expect(server.calls.map((call) => call.method)).toEqual(["GET"]);
    const state = useIntegrationSettings.getState();
    expect(state).toMatchObject({ enableReadeck: true, readeckEndpoint: "http://192.168.1.20:8000", readeckToken: "rd", syncIntegrations: true });
    expect(state).not.toHaveProperty("bogus");
    expect(JSON.parse(localStorage.getItem("tidings:settings:integration")!)).toMatchObject({ readeckToken: "rd", syncIntegrations: true });
  });

  it("sends each change once typing stops, and deletes the server's copy when turned off", async () => {
    const server = fakeServer(null);
    await setIntegrationSync(true);
    startIntegrationSync();
    // The copy fetched at start is the one this device just sent: nothing to take.
    await integrationsPulled();
    vi.useFakeTimers();
    setIntegration({ readwiseToken: "r" });
    setIntegration({ readwiseToken: "rw" });
    await vi.advanceTimersByTimeAsync(PUSH_DELAY_MS + 10);
    const puts = server.calls.filter((call) => call.method === "PUT");
    expect(puts).toHaveLength(2);
    expect((puts[1]!.body as { settings: Record<string, unknown> }).settings.readwiseToken).toBe("rw");
    vi.useRealTimers();
    await setIntegrationSync(false);
    expect(server.calls.at(-1)!.method).toBe("DELETE");
    expect(server.copy()).toBeNull();
    setIntegration({ readwiseToken: "local only" });
    expect(server.calls.filter((call) => call.method === "PUT")).toHaveLength(2);
  });

  it("puts the switch back when the server cannot be reached", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => Response.json({ code: 1000, message: "Unauthorized" }, { status: 401 })));
    await expect(setIntegrationSync(true)).rejects.toThrow();
    expect(useIntegrationSettings.getState().syncIntegrations).toBe(false);
  });
});
