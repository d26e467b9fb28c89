import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";

/** One request the collector received, with its body decoded the way the client encoded it. */
export interface CollectedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The body as sent (possibly compressed), as latin1 text. */
  raw: string;
  /** The body after undoing gzip, form encoding and base64: what the client meant to send. */
  text: string;
}

/** Undoes PostHog's encodings (gzip-js, base64 in a `data=` form field) and reads plain bodies as they are. */
export function decodeBody(body: Buffer, query: URLSearchParams): string {
  let bytes = body;
  if (query.get("compression") === "gzip-js" || (bytes[0] === 0x1f && bytes[1] === 0x8b)) {
    try {
      bytes = gunzipSync(bytes);
    } catch {
      // not gzip after all
    }
  }
  let text = bytes.toString("utf8");
  if (text.startsWith("data=")) {
    const data = new URLSearchParams(text).get("data") ?? "";
    text = query.get("compression") === "base64" || !/^[[{]/.test(data) ? Buffer.from(data, "base64").toString("utf8") : data;
  }
  return text;
}

const readBody = (request: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks)));
    request.on("error", reject);
  });

/**
 * A loopback server speaking enough of PostHog's capture API (`/flags`, `/decide`, `/e/`,
 * `/batch/`, `/i/v0/e/`) and Sentry's envelope endpoint (`/api/<project>/envelope/`) for the
 * standard browser clients: it answers 200 JSON with CORS headers and records every request.
 */
export async function startTelemetryCollector() {
  const requests: CollectedRequest[] = [];
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://collector");
    const cors = {
      "access-control-allow-origin": request.headers.origin ?? "*",
      "access-control-allow-credentials": "true",
      "access-control-allow-headers": request.headers["access-control-request-headers"] ?? "*",
      "access-control-allow-methods": "GET, POST, OPTIONS",
    };
    if (request.method === "OPTIONS") return void response.writeHead(204, cors).end();
    const body = await readBody(request);
    requests.push({ method: request.method ?? "GET", path: url.pathname, query: url.searchParams, raw: body.toString("latin1"), text: decodeBody(body, url.searchParams) });
    const answer = /^\/(flags|decide)\/?$/.test(url.pathname) ? { featureFlags: {}, featureFlagPayloads: {}, errorsWhileComputingFlags: false } : url.pathname.includes("envelope") ? {} : { status: 1 };
    response.writeHead(200, { ...cors, "content-type": "application/json" }).end(JSON.stringify(answer));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    /** PostHog events received, flattened from single and batched captures. */
    events(): { event: string; properties: Record<string, unknown> }[] {
      return requests
        .filter((request) => !request.path.includes("envelope") && request.method === "POST")
        .flatMap((request) => {
          try {
            const parsed = JSON.parse(request.text) as unknown;
            const list = Array.isArray(parsed) ? parsed : typeof parsed === "object" && parsed && "batch" in parsed ? (parsed as { batch: unknown[] }).batch : [parsed];
            return list as { event: string; properties: Record<string, unknown> }[];
          } catch {
            return [];
          }
        });
    },
    /** Sentry envelope items of type event, parsed. */
    errorEvents(): Record<string, unknown>[] {
      return requests
        .filter((request) => request.path.includes("envelope"))
        .flatMap((request) => {
          const lines = request.text.split("\n");
          const events: Record<string, unknown>[] = [];
          for (let i = 1; i < lines.length - 1; i++) {
            try {
              const header = JSON.parse(lines[i]!) as { type?: string };
              if (header.type === "event") events.push(JSON.parse(lines[i + 1]!) as Record<string, unknown>);
            } catch {
              // a payload line, not an item header
            }
          }
          return events;
        });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
