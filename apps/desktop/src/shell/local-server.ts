import path from "node:path";
import { DesktopCallError } from "@tidings/contracts";
import type { ChildProcessHandle, DesktopHost } from "./host.ts";

/** How long the embedded server may take to answer its first health check. */
const START_TIMEOUT_MS = 90_000;

/**
 * Starts `npm start`'s server on this computer: its data in `<dataDir>/server`, listening on
 * loopback only, then waits until it answers `/healthz`. Answers its address and the process.
 */
export async function startLocalServer(host: DesktopHost, port: number): Promise<{ url: string; process: ChildProcessHandle }> {
  const url = `http://127.0.0.1:${port}`;
  const child = await host.startServer({
    PORT: String(port),
    HOST: "127.0.0.1",
    WEB_URL: url,
    DATA_DIR: path.join(host.dataDir, "server"),
  });
  let exited = false;
  void child.exited.then(() => {
    exited = true;
  });
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline && !exited) {
    try {
      const answer = await host.request(`${url}/healthz`, { method: "GET", timeoutMs: 2_000 });
      if (answer.status === 200) return { url, process: child };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await child.stop();
  throw new DesktopCallError("FAILED", exited ? "Tidings could not start on this computer (the server stopped; is the port in use?)" : "Tidings did not start on this computer in time");
}

/** Checks that an address is a Tidings server (its health answer), and answers its origin. */
export async function checkServer(host: DesktopHost, input: string): Promise<string> {
  let url: URL;
  try {
    url = new URL(/^https?:\/\//i.test(input) ? input : `https://${input}`);
  } catch {
    throw new DesktopCallError("INVALID_INPUT", `"${input}" is not a web address`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new DesktopCallError("INVALID_INPUT", "The address must start with http:// or https://");
  const origin = url.origin;
  let status: number;
  let text: string;
  try {
    ({ status, text } = await host.request(`${origin}/healthz`, { method: "GET", timeoutMs: 10_000 }));
  } catch (error) {
    throw new DesktopCallError("UNREACHABLE", `${origin} did not answer (${(error as Error).message})`);
  }
  if (status !== 200 || !/"status"\s*:\s*"ok"/.test(text)) throw new DesktopCallError("UNREACHABLE", `${origin} does not look like a Tidings server`);
  return origin;
}
