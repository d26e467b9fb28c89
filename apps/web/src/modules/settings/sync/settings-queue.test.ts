import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { serveSettings } from "./__fixtures__/settings-server.ts";
import { createSettingsQueue, FLUSH_DELAY_MS } from "./settings-queue.ts";
import { httpSettingsRemote } from "./settings-remote.ts";

let online = true;
const newQueue = () => createSettingsQueue({ remote: httpSettingsRemote, online: () => online });
const queues: ReturnType<typeof newQueue>[] = [];
const open = () => {
  const queue = newQueue();
  queues.push(queue);
  return queue;
};

beforeEach(() => {
  vi.useFakeTimers();
  online = true;
});
afterEach(() => {
  queues.splice(0).forEach((queue) => queue.stop());
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("settings queue", () => {
  it("sends a change after 1 s of quiet, merging the changes of that second", async () => {
    const server = serveSettings();
    const queue = open();
    queue.enqueue("general", { unreadOnly: false });
    await vi.advanceTimersByTimeAsync(600);
    queue.enqueue("general", { groupByDate: false });
    await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS - 1);
    expect(server.patches).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.patches).toEqual([{ tab: "general", body: { unreadOnly: false, groupByDate: false } }]);
    expect(queue.pending()).toEqual({});
    expect(server.stored("general")).toEqual({ unreadOnly: false, groupByDate: false });
  });

  it("keeps what is queued across a reload and sends it at the next start", async () => {
    const server = serveSettings();
    online = false;
    open().enqueue("appearance", { uiTextSize: 18 });
    await vi.advanceTimersByTimeAsync(5 * FLUSH_DELAY_MS);
    expect(server.patches).toEqual([]);

    // A new page: the module state is rebuilt from local storage.
    queues.splice(0).forEach((queue) => queue.stop());
    online = true;
    const reloaded = open();
    expect(reloaded.pending()).toEqual({ appearance: { uiTextSize: 18 } });
    await reloaded.flush();
    expect(server.patches).toEqual([{ tab: "appearance", body: { uiTextSize: 18 } }]);
  });

  it("never sends device-only keys, and sends nothing when nothing is left", async () => {
    const server = serveSettings();
    const queue = open();
    queue.enqueue("general", { language: "ja", dataPersist: false, sendAnonymousData: false, voice: "x", appLaunchOnStartup: true });
    queue.enqueue("appearance", { uiFontFamily: "serif", readerFontFamily: "serif", opaqueSidebar: true });
    expect(queue.pending()).toEqual({});
    queue.enqueue("appearance", { opaqueSidebar: true, wideMode: true });
    await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS);
    expect(server.patches).toEqual([{ tab: "appearance", body: { wideMode: true } }]);
  });

  it("skips an empty payload left in storage", async () => {
    const server = serveSettings();
    localStorage.setItem("tidings:settings:queue", JSON.stringify({ general: {} }));
    const queue = open();
    await queue.flush();
    expect(server.patches).toEqual([]);
    expect(queue.pending()).toEqual({});
  });

  it("keeps a change whose PATCH failed and retries it later, waiting longer each time", async () => {
    const server = serveSettings();
    server.state.failNext = 2;
    const queue = open();
    queue.enqueue("general", { unreadOnly: false });
    await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS);
    expect(queue.pending()).toEqual({ general: { unreadOnly: false } });
    expect(JSON.parse(localStorage.getItem("tidings:settings:queue")!)).toEqual({ general: { unreadOnly: false } });
    // First retry after 2 s (fails again), second after 4 s more.
    await vi.advanceTimersByTimeAsync(2000);
    expect(server.state.failNext).toBe(0);
    expect(server.patches).toEqual([]);
    await vi.advanceTimersByTimeAsync(3999);
    expect(server.patches).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.patches).toEqual([{ tab: "general", body: { unreadOnly: false } }]);
    expect(queue.pending()).toEqual({});
  });

  it("keeps a key changed again while its request was out", async () => {
    const server = serveSettings();
    const queue = open();
    queue.enqueue("general", { unreadOnly: false });
    const sending = queue.flush();
    queue.enqueue("general", { unreadOnly: true });
    await sending;
    expect(queue.pending()).toEqual({ general: { unreadOnly: true } });
    await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS);
    expect(server.patches.map((patch) => patch.body)).toEqual([{ unreadOnly: false }, { unreadOnly: true }]);
  });
});
