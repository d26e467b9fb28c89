// Local servers for the HTTP client's tests: 127.0.0.x, port 0, nothing leaves the machine.
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { Worker } from "node:worker_threads";
import { createHttpClient } from "./client.ts";
import type { HttpClient, HttpClientOptions } from "./types.ts";

/** What a test server saw of one request. */
export interface SeenRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** Answers one request; the body has already been read. */
export type Handler = (req: http.IncomingMessage, res: http.ServerResponse, body: string) => void;

/** A running test server and what it has seen. */
export interface TestServer {
  port: number;
  /** e.g. "http://127.0.0.1:4567" */
  origin: string;
  requests: SeenRequest[];
  /** TCP connections accepted so far. */
  connections: number;
  /** Connections still open. */
  openConnections(): number;
}

// Self-signed for "localhost" and 127.0.0.1, valid until 2126: only ever used to be rejected.
const TEST_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgjb75SW3dWX/AAH/e
w4vh5MqzyhdoCGtAJb8F466pKAahRANCAAQIEDefFzCvHKNP9Ujct51UQJx88Oew
m60cvWmyNmZ/FndZfUzOAMNJJt9TGEZi278dBnVY0OxJoze1Wn2f6mV9
-----END PRIVATE KEY-----`;
const TEST_CERT = `-----BEGIN CERTIFICATE-----
MIIBmjCCAUGgAwIBAgIUDhhyRecOokScZgiaY5eRz5D2ZjQwCgYIKoZIzj0EAwIw
FDESMBAGA1UEAwwJbG9jYWxob3N0MCAXDTI2MTEyMjAxMzUwNFoYDzIxMjYxMDI5
MDEzNTA0WjAUMRIwEAYDVQQDDAlsb2NhbGhvc3QwWTATBgcqhkjOPQIBBggqhkjO
PQMBBwNCAAQIEDefFzCvHKNP9Ujct51UQJx88Oewm60cvWmyNmZ/FndZfUzOAMNJ
Jt9TGEZi278dBnVY0OxJoze1Wn2f6mV9o28wbTAdBgNVHQ4EFgQULZv4hqg/sz5g
LelCgIMe/uVsmUUwHwYDVR0jBBgwFoAULZv4hqg/sz5gLelCgIMe/uVsmUUwDwYD
VR0TAQH/BAUwAwEB/zAaBgNVHREEEzARgglsb2NhbGhvc3SHBH8AAAEwCgYIKoZI
zj0EAwIDRwAwRAIgJiI/2B8yOYbr45ifGX0YND0e/QEot8iSl/F1yVk/j0ECIHBe
Vnb3ohfNuNvCKJQgr+Nl8cDgWNbHRnoUeU7q6wEm
-----END CERTIFICATE-----`;

// Listens with a backlog of 1 and then blocks its own event loop, so it never accepts: once
// the kernel's accept queue holds two connections, further SYNs are dropped and a connect
// hangs (Linux behaviour), which is what a connect timeout needs.
const BLACK_HOLE = `
const { workerData, parentPort } = require("node:worker_threads");
const server = require("node:net").createServer();
server.listen({ port: 0, host: "127.0.0.1", backlog: 1 }, () => {
  parentPort.postMessage(server.address().port);
  Atomics.wait(workerData, 0, 0);
});`;

/** Starts servers for a test file and closes them all (with their connections) on demand. */
export function serverPool() {
  const closers: (() => Promise<void>)[] = [];

  async function listen(server: net.Server, host: string, port = 0): Promise<number> {
    await new Promise<void>((resolve) => server.listen(port, host, resolve));
    closers.push(
      () =>
        new Promise<void>((resolve) => {
          if (server instanceof http.Server) server.closeAllConnections();
          server.close(() => resolve());
        }),
    );
    return (server.address() as net.AddressInfo).port;
  }

  return {
    /** An HTTP (or, with `tls`, HTTPS) server on `host` (default 127.0.0.1) and `port` (default any). */
    async start(handler: Handler, options: { host?: string; port?: number; tls?: boolean } = {}): Promise<TestServer> {
      const host = options.host ?? "127.0.0.1";
      const sockets = new Set<net.Socket>();
      const onRequest = (req: http.IncomingMessage, res: http.ServerResponse) => {
        const chunks: Buffer[] = [];
        req.on("data", (chunk: Buffer) => chunks.push(chunk));
        req.on("end", () => {
          const body = Buffer.concat(chunks).toString();
          seen.requests.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
          handler(req, res, body);
        });
      };
      const server = options.tls ? https.createServer({ key: TEST_KEY, cert: TEST_CERT }, onRequest) : http.createServer(onRequest);
      server.on(options.tls ? "secureConnection" : "connection", (socket: net.Socket) => {
        seen.connections += 1;
        sockets.add(socket);
        socket.once("close", () => sockets.delete(socket));
      });
      const seen: TestServer = { port: 0, origin: "", requests: [], connections: 0, openConnections: () => sockets.size };
      seen.port = await listen(server, host, options.port);
      seen.origin = `${options.tls ? "https" : "http"}://${host}:${seen.port}`;
      return seen;
    },

    /** A raw TCP server; `onSocket` decides what (if anything) to say. Counts connections. */
    async startTcp(onSocket: (socket: net.Socket) => void): Promise<{ port: number; connections: () => number }> {
      let connections = 0;
      const sockets = new Set<net.Socket>();
      const server = net.createServer((socket) => {
        connections += 1;
        sockets.add(socket);
        socket.on("error", () => {});
        onSocket(socket);
      });
      const port = await listen(server, "127.0.0.1");
      closers.push(async () => {
        for (const socket of sockets) socket.destroy();
      });
      return { port, connections: () => connections };
    },

    /** A port whose connects hang: a listener that never accepts, with its queue pre-filled. */
    async startBlackHole(): Promise<number> {
      const gate = new Int32Array(new SharedArrayBuffer(4));
      const worker = new Worker(BLACK_HOLE, { eval: true, workerData: gate });
      const port = await new Promise<number>((resolve) => worker.once("message", resolve));
      const fillers = [net.connect(port, "127.0.0.1"), net.connect(port, "127.0.0.1")];
      await Promise.all(fillers.map((socket) => new Promise((resolve) => socket.once("connect", resolve))));
      closers.push(async () => {
        for (const socket of fillers) socket.destroy();
        Atomics.store(gate, 0, 1);
        Atomics.notify(gate, 0);
        await worker.terminate();
      });
      return port;
    },

    /** Closes everything started so far. */
    async closeAll(): Promise<void> {
      await Promise.all(closers.splice(0).map((close) => close()));
    },
  };
}

/** A free port nothing listens on (connection refused). */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Creates clients with test defaults (short timeouts) and closes them all on demand. */
export function clientPool() {
  const clients: HttpClient[] = [];
  return {
    create(options: Partial<HttpClientOptions> = {}): HttpClient {
      const client = createHttpClient({ userAgent: "Tidings-test/1.0", reach: "private-networks", totalTimeoutMs: 5_000, ...options });
      clients.push(client);
      return client;
    },
    closeAll(): void {
      for (const client of clients.splice(0)) client.close();
    },
  };
}
