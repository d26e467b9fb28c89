import { createServer } from "node:http";
import { once } from "node:events";
import { metricsAccess } from "./metrics-access.ts";
import type { Metrics } from "./metrics-registry.ts";

/**
 * `/metrics` on a port of its own, for a process that serves no HTTP otherwise (`npm run worker`,
 * METRICS_PORT): the same exposition under the same access rules; anything else is a 404.
 */
export async function listenForMetrics(metrics: Metrics, options: { port: number; host: string; token: string | null; trustProxy: boolean }): Promise<{ port: number; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const path = (request.url ?? "/").split("?")[0];
    if (path !== "/metrics" || (request.method !== "GET" && request.method !== "HEAD")) {
      response.writeHead(404, { "Content-Type": "text/plain" }).end("Not Found\n");
      return;
    }
    const header = (name: string) => {
      const value = request.headers[name];
      return Array.isArray(value) ? value.join(",") : value;
    };
    const access = metricsAccess({ socketAddress: request.socket.remoteAddress, header }, options);
    if (access !== "allowed") {
      response.writeHead(access === "no-token" ? 401 : 403, { "Content-Type": "text/plain" }).end(access === "no-token" ? "Unauthorized\n" : "Forbidden\n");
      return;
    }
    metrics.scrape().then(
      (text) => response.writeHead(200, { "Content-Type": metrics.contentType, "Cache-Control": "no-store" }).end(request.method === "HEAD" ? undefined : text),
      () => response.writeHead(500, { "Content-Type": "text/plain" }).end("Internal Server Error\n"),
    );
  });
  server.listen(options.port, options.host);
  await once(server, "listening");
  const address = server.address();
  return {
    port: typeof address === "object" && address ? address.port : options.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
