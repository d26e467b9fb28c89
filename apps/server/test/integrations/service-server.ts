import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/** One request a service received. */
export interface Received {
  method: string;
  /** Path and query. */
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** What the service answers. */
export interface Answer {
  status: number;
  headers?: Record<string, string>;
  /** Objects are sent as JSON. */
  body?: unknown;
}

export interface ServiceServer {
  /** `http://127.0.0.1:<port>` + path. */
  url(path?: string): string;
  received: Received[];
  close(): Promise<void>;
}

/**
 * A stand-in for one service's API on 127.0.0.1: records every request and answers what `handle`
 * says, the way the service documents it. Unknown routes answer 404.
 */
export async function startService(handle: (request: Received) => Answer | Promise<Answer>): Promise<ServiceServer> {
  const received: Received[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const request: Received = { method: req.method ?? "", path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") };
    received.push(request);
    const answer = await handle(request);
    const json = answer.body !== undefined && typeof answer.body !== "string";
    const body = answer.body === undefined ? "" : json ? JSON.stringify(answer.body) : String(answer.body);
    res.writeHead(answer.status, { ...(json ? { "content-type": "application/json" } : {}), ...answer.headers });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path = "") => `http://127.0.0.1:${port}${path}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The parts of a multipart/form-data body, by name (text fields only). */
export function formParts(contentType: string | undefined, body: string): Record<string, string> {
  const boundary = /boundary=([^;]+)/.exec(contentType ?? "")?.[1];
  if (!boundary) throw new Error(`no boundary in ${contentType}`);
  if (!body.endsWith(`--${boundary}--\r\n`)) throw new Error("the body does not end with the closing boundary");
  const parts: Record<string, string> = {};
  for (const part of body.split(`--${boundary}`).slice(1, -1)) {
    const match = /^\r\nContent-Disposition: form-data; name="([^"]+)"\r\n\r\n([\s\S]*)\r\n$/.exec(part);
    if (!match) throw new Error(`malformed part: ${JSON.stringify(part)}`);
    parts[match[1]!] = match[2]!;
  }
  return parts;
}
