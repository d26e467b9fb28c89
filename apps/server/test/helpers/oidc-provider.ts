import { createHash, createSign, generateKeyPairSync, randomBytes, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** The person the provider signs in (it consents on their behalf at once). */
export interface OidcUser {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
  picture?: string;
}

export interface OidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who the next `/authorize` signs in; change it between flows. */
  user: OidcUser;
  /** What the token endpoint saw, for assertions. */
  tokenRequests: { code: string; pkceVerified: boolean; clientAuthenticated: boolean }[];
  close(): Promise<void>;
}

const b64url = (data: Buffer | string) => Buffer.from(data).toString("base64url");

/**
 * A small but real OpenID Connect provider on 127.0.0.1 (port 0): discovery, authorization code
 * with PKCE (S256) and nonce, client-secret check at the token endpoint (post or basic), RS256
 * id_tokens verifiable through `/jwks`, and `/userinfo`.
 */
export async function startOidcProvider(user: OidcUser): Promise<OidcProvider> {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const kid = randomBytes(8).toString("hex");
  const codes = new Map<string, { clientId: string; redirectUri: string; challenge: string | null; nonce: string | null; user: OidcUser; scope: string }>();
  const accessTokens = new Map<string, OidcUser>();
  const provider: OidcProvider = {
    issuer: "",
    clientId: "tidings-test-client",
    clientSecret: randomBytes(16).toString("hex"),
    user,
    tokenRequests: [],
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const signIdToken = (claims: Record<string, unknown>) => {
    const header = b64url(JSON.stringify({ alg: "RS256", typ: "JWT", kid }));
    const payload = b64url(JSON.stringify(claims));
    const signature = createSign("RSA-SHA256").update(`${header}.${payload}`).sign(privateKey);
    return `${header}.${payload}.${b64url(signature)}`;
  };

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
    res.end(JSON.stringify(body));
  };

  const readBody = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
  };

  const sameSecret = (given: string | null | undefined) => {
    const a = Buffer.from(given ?? "");
    const b = Buffer.from(provider.clientSecret);
    return a.length === b.length && timingSafeEqual(a, b);
  };

  const handlers: Record<string, (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void> | void> = {
    "GET /.well-known/openid-configuration": (_req, res) =>
      json(res, 200, {
        issuer: provider.issuer,
        authorization_endpoint: `${provider.issuer}/authorize`,
        token_endpoint: `${provider.issuer}/token`,
        userinfo_endpoint: `${provider.issuer}/userinfo`,
        jwks_uri: `${provider.issuer}/jwks`,
        response_types_supported: ["code"],
        subject_types_supported: ["public"],
        id_token_signing_alg_values_supported: ["RS256"],
        scopes_supported: ["openid", "email", "profile"],
        code_challenge_methods_supported: ["S256"],
        token_endpoint_auth_methods_supported: ["client_secret_post", "client_secret_basic"],
      }),
    "GET /jwks": (_req, res) => json(res, 200, { keys: [{ ...publicKey.export({ format: "jwk" }), kid, alg: "RS256", use: "sig" }] }),
    "GET /authorize": (_req, res, url) => {
      const q = url.searchParams;
      const redirectUri = q.get("redirect_uri");
      if (q.get("client_id") !== provider.clientId || !redirectUri || q.get("response_type") !== "code") {
        return json(res, 400, { error: "invalid_request" });
      }
      if (q.get("code_challenge") && q.get("code_challenge_method") !== "S256") return json(res, 400, { error: "invalid_request" });
      const code = randomBytes(16).toString("hex");
      codes.set(code, {
        clientId: provider.clientId,
        redirectUri,
        challenge: q.get("code_challenge"),
        nonce: q.get("nonce"),
        user: { ...provider.user },
        scope: q.get("scope") ?? "",
      });
      const back = new URL(redirectUri);
      back.searchParams.set("code", code);
      if (q.get("state")) back.searchParams.set("state", q.get("state")!);
      back.searchParams.set("iss", provider.issuer);
      res.writeHead(302, { location: back.toString() });
      res.end();
    },
    "POST /token": async (req, res) => {
      const form = await readBody(req);
      let clientId = form.get("client_id");
      let secret = form.get("client_secret");
      const basic = req.headers.authorization?.match(/^Basic (.+)$/i)?.[1];
      if (basic) {
        const [id, pass] = Buffer.from(basic, "base64").toString("utf8").split(":").map(decodeURIComponent);
        clientId = id ?? null;
        secret = pass ?? null;
      }
      const clientAuthenticated = clientId === provider.clientId && sameSecret(secret);
      const code = form.get("code") ?? "";
      const grant = codes.get(code);
      codes.delete(code);
      const verifier = form.get("code_verifier");
      const pkceVerified = Boolean(grant?.challenge && verifier && b64url(createHash("sha256").update(verifier).digest()) === grant.challenge);
      provider.tokenRequests.push({ code, pkceVerified, clientAuthenticated });
      if (!clientAuthenticated) return json(res, 401, { error: "invalid_client" });
      if (form.get("grant_type") !== "authorization_code" || !grant || grant.redirectUri !== form.get("redirect_uri")) {
        return json(res, 400, { error: "invalid_grant" });
      }
      if (grant.challenge && !pkceVerified) return json(res, 400, { error: "invalid_grant", error_description: "PKCE verification failed" });
      const accessToken = randomBytes(16).toString("hex");
      accessTokens.set(accessToken, grant.user);
      const now = Math.floor(Date.now() / 1000);
      const idToken = signIdToken({
        iss: provider.issuer,
        aud: provider.clientId,
        iat: now,
        exp: now + 300,
        ...(grant.nonce ? { nonce: grant.nonce } : {}),
        ...grant.user,
      });
      json(res, 200, { access_token: accessToken, token_type: "Bearer", expires_in: 3600, id_token: idToken, scope: grant.scope });
    },
    "GET /userinfo": (req, res) => {
      const token = req.headers.authorization?.match(/^Bearer (.+)$/i)?.[1];
      const known = token ? accessTokens.get(token) : undefined;
      if (!known) return json(res, 401, { error: "invalid_token" });
      json(res, 200, known);
    },
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", provider.issuer);
    const handler = handlers[`${req.method} ${url.pathname}`];
    if (!handler) return json(res, 404, { error: "not_found" });
    Promise.resolve(handler(req, res, url)).catch((error: unknown) => json(res, 500, { error: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  provider.issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return provider;
}
