import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/** A browser's side of one subscription: its keys, and the JSON it would give the server. */
export interface TestSubscriber {
  endpoint: string;
  json: { endpoint: string; keys: { p256dh: string; auth: string } };
  /** Decrypts an aes128gcm push message body sent to this subscriber (RFC 8291, RFC 8188). */
  decrypt(body: Buffer): string;
}

/** One message the push service received, decrypted. */
export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The payload's JSON, decrypted with the subscriber's keys. */
  message: Record<string, unknown>;
  /** The VAPID JWT's claims, its signature checked against `k` of the Authorization header. */
  vapid: { publicKey: string; claims: { aud: string; exp: number; sub: string } };
}

/**
 * A local push service speaking the Web Push protocol (RFC 8030): each subscriber gets an
 * endpoint; a POST to it is checked (VAPID authorization, aes128gcm encoding) and decrypted with
 * the subscriber's private key. `answer` sets the status of the next answers per path (e.g. 410
 * for a subscription the service no longer knows).
 */
export async function startPushService() {
  const subscribers = new Map<string, TestSubscriber>();
  const received: ReceivedPush[] = [];
  const refused: { path: string; reason: string }[] = [];
  const answers = new Map<string, number>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const path = request.url ?? "/";
      const subscriber = subscribers.get(path);
      const status = answers.get(path);
      if (!subscriber) return void response.writeHead(404).end();
      if (status !== undefined) return void response.writeHead(status).end();
      try {
        if (request.method !== "POST") throw new Error(`method ${request.method}`);
        if (request.headers["content-encoding"] !== "aes128gcm") throw new Error(`content-encoding ${request.headers["content-encoding"]}`);
        if (!request.headers.ttl) throw new Error("no TTL header");
        const body = Buffer.concat(chunks);
        const vapid = checkVapid(request.headers.authorization ?? "", new URL(subscriber.endpoint).origin);
        received.push({ path, headers: request.headers, body, message: JSON.parse(subscriber.decrypt(body)) as Record<string, unknown>, vapid });
        response.writeHead(201).end();
      } catch (error) {
        refused.push({ path, reason: String(error) });
        response.writeHead(400).end(String(error));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let next = 0;
  return {
    received,
    refused,
    /** A new subscriber (a browser's keys) with its endpoint here. */
    subscriber(): TestSubscriber {
      const subscriber = createSubscriber(`${origin}/push/${++next}`);
      subscribers.set(new URL(subscriber.endpoint).pathname, subscriber);
      return subscriber;
    },
    answer(subscriber: TestSubscriber, status: number) {
      answers.set(new URL(subscriber.endpoint).pathname, status);
    },
    messagesTo(subscriber: TestSubscriber): Record<string, unknown>[] {
      const path = new URL(subscriber.endpoint).pathname;
      return received.filter((push) => push.path === path).map((push) => push.message);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type TestPushService = Awaited<ReturnType<typeof startPushService>>;

function createSubscriber(endpoint: string): TestSubscriber {
  const ecdh = createECDH("prime256v1");
  const publicKey = ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    endpoint,
    json: { endpoint, keys: { p256dh: publicKey.toString("base64url"), auth: authSecret.toString("base64url") } },
    decrypt(body) {
      // RFC 8188 header: salt (16) | record size (4) | key id length (1) | key id (the sender's public key).
      const salt = body.subarray(0, 16);
      const recordSize = body.readUInt32BE(16);
      const idLength = body.readUInt8(20);
      const senderKey = body.subarray(21, 21 + idLength);
      const record = body.subarray(21 + idLength);
      if (record.length > recordSize) throw new Error("more than one record");
      // RFC 8291: the input keying material from the ECDH secret and the auth secret.
      const secret = ecdh.computeSecret(senderKey);
      const info = Buffer.concat([Buffer.from("WebPush: info\0"), publicKey, senderKey]);
      const ikm = Buffer.from(hkdfSync("sha256", secret, authSecret, info, 32));
      const key = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
      const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
      const decipher = createDecipheriv("aes-128-gcm", key, nonce);
      decipher.setAuthTag(record.subarray(record.length - 16));
      const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
      // The last record ends with the delimiter 0x02, then any padding zeros.
      let end = padded.length - 1;
      while (end >= 0 && padded[end] === 0) end--;
      if (padded[end] !== 2) throw new Error("no last-record delimiter");
      return padded.subarray(0, end).toString("utf8");
    },
  };
}

/** Checks `vapid t=<JWT>, k=<key>` (RFC 8292): an ES256 JWT signed by `k`, for this audience, not expired. */
function checkVapid(header: string, audience: string): ReceivedPush["vapid"] {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header);
  if (!match) throw new Error(`Authorization is not VAPID: ${header}`);
  const [, token, key] = match as unknown as [string, string, string];
  const [head, payload, signature] = token.split(".") as [string, string, string];
  const point = Buffer.from(key, "base64url");
  const publicKey = createPublicKey({
    key: { kty: "EC", crv: "P-256", x: point.subarray(1, 33).toString("base64url"), y: point.subarray(33, 65).toString("base64url") },
    format: "jwk",
  });
  if (!verify("sha256", Buffer.from(`${head}.${payload}`), { key: publicKey, dsaEncoding: "ieee-p1363" }, Buffer.from(signature, "base64url"))) {
    throw new Error("VAPID signature does not verify");
  }
  const jwtHeader = JSON.parse(Buffer.from(head, "base64url").toString()) as { alg: string };
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString()) as { aud: string; exp: number; sub: string };
  if (jwtHeader.alg !== "ES256") throw new Error(`alg ${jwtHeader.alg}`);
  if (claims.aud !== audience) throw new Error(`aud ${claims.aud}, expected ${audience}`);
  const now = Date.now() / 1000;
  if (!(claims.exp > now && claims.exp <= now + 24 * 3600)) throw new Error(`exp ${claims.exp}`);
  return { publicKey: key, claims };
}
