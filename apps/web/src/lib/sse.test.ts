import { describe, expect, it } from "vitest";
import { createEventParser, readEventStream, type ServerEvent } from "./sse.ts";

describe("server-sent events", () => {
  it("splits events across chunk boundaries and line endings, skipping comments and ids", () => {
    const events: ServerEvent[] = [];
    const parser = createEventParser((event) => events.push(event));
    for (const chunk of [": ping\n", "event: del", "ta\r", "\ndata: {\"text\":\"Hel\"}\r\n\r\n", "id: 2\nevent: delta\ndata: a\ndata: b\n\n", "data: last"]) parser.push(chunk);
    parser.end();
    expect(events).toEqual([
      { event: "delta", data: '{"text":"Hel"}' },
      { event: "delta", data: "a\nb" },
      { event: "message", data: "last" },
    ]);
  });

  it("reads a response body as it streams", async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        const encoder = new TextEncoder();
        controller.enqueue(encoder.encode("event: delta\ndata: {\"text\":\"é\"}\n\nevent: do"));
        controller.enqueue(encoder.encode("ne\ndata: {}\n\n"));
        controller.close();
      },
    });
    const events: string[] = [];
    await readEventStream(new Response(body, { headers: { "content-type": "text/event-stream" } }), (event) => events.push(`${event.event} ${event.data}`));
    expect(events).toEqual(['delta {"text":"é"}', "done {}"]);
  });
});
