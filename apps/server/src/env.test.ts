import { availableParallelism } from "node:os";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./env.ts";
import { generateVapidKeys } from "./lib/push/vapid-keys.ts";

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env, "/srv");
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error("expected a ConfigError");
}

describe("loadConfig", () => {
  it("applies the documented defaults", () => {
    const config = loadConfig({}, "/srv");
    expect(config.server.port).toBe(3000);
    expect(config.server.host).toBe("127.0.0.1");
    expect(config.dataDir).toBe("/srv/data");
    expect(config.databaseUrl).toBeNull();
    expect(config.server.webUrl).toBe("http://localhost:3000");
    expect(config.server.trustedOrigins).toEqual(["http://localhost:3000", "http://127.0.0.1:3000"]);
    expect(config.auth).toEqual({ secret: null, invitationsRequired: false });
    expect(config.network).toEqual({ privateNetworksFor: "admins", sharedAddresses: [], notices: [] });
    expect(config.fetch).toEqual({
      concurrency: 16,
      perHost: 2,
      timeoutMs: 30_000,
      leaseMs: 120_000,
      maxBytes: 10 * 1024 * 1024,
      readThreads: Math.min(8, Math.max(1, availableParallelism() - 1)),
      rsshubUrl: "https://rsshub.app",
      scheduler: true,
      jobsThread: null,
    });
    expect(config.inbox.emailSuffix).toBe("@localhost");
    expect(config.env).toBe("production");
    expect(Object.isFrozen(config.server)).toBe(true);
  });

  it("reads every variable", () => {
    const config = loadConfig(
      {
        PORT: "8080",
        HOST: "0.0.0.0",
        DATA_DIR: "/var/lib/tidings",
        DATABASE_URL: "postgres://u@db:5432/tidings",
        WEB_URL: "https://read.example.com/",
        AUTH_SECRET: "x".repeat(40),
        INBOX_EMAIL_SUFFIX: "in.example.com",
        INVITATIONS_REQUIRED: "true",
        PRIVATE_NETWORKS_FOR: "everyone",
        SHARED_PRIVATE_ADDRESSES: "192.168.1.0/24",
        TRUST_PROXY: "yes",
        WORKER_ID: "12",
        LOG_LEVEL: "warn",
        NODE_ENV: "development",
        RSSHUB_URL: "https://hub.example.com/",
        SCHEDULER: "off",
        JOBS_THREAD: "false",
        FETCH_CONCURRENCY: "4",
        FETCH_PER_HOST: "1",
        FETCH_TIMEOUT_SECONDS: "5",
        FETCH_LEASE_SECONDS: "30",
        FETCH_MAX_BYTES: "2048",
        FETCH_READ_THREADS: "0",
      },
      "/srv",
    );
    expect(config.server).toMatchObject({ port: 8080, host: "0.0.0.0", webUrl: "https://read.example.com", trustProxy: true });
    expect(config.server.trustedOrigins).toEqual(["https://read.example.com"]);
    expect(config.dataDir).toBe("/var/lib/tidings");
    expect(config.databaseUrl).toBe("postgres://u@db:5432/tidings");
    expect(config.auth).toEqual({ secret: "x".repeat(40), invitationsRequired: true });
    expect(config.inbox.emailSuffix).toBe("@in.example.com");
    expect(config.network).toEqual({ privateNetworksFor: "everyone", sharedAddresses: ["192.168.1.0/24"], notices: [] });
    expect(config.fetch).toEqual({
      concurrency: 4,
      perHost: 1,
      timeoutMs: 5000,
      leaseMs: 30_000,
      maxBytes: 2048,
      readThreads: 0,
      rsshubUrl: "https://hub.example.com",
      scheduler: false,
      jobsThread: false,
    });
    expect(config.workerId).toBe(12);
    expect(config.logLevel).toBe("warn");
  });

  it("names PORT when it is not a port", () => {
    const lines = problems({ PORT: "abc" });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^PORT /);
  });

  it("reports one line per invalid variable", () => {
    const lines = problems({
      PORT: "70000",
      WEB_URL: "not a url",
      DATABASE_URL: "mysql://x",
      INVITATIONS_REQUIRED: "maybe",
      AUTH_SECRET: "short",
      LOG_LEVEL: "loud",
      WORKER_ID: "2048",
      FETCH_CONCURRENCY: "0",
      RSSHUB_URL: "ftp://x",
    });
    expect(lines.map((line) => line.split(/[ :]/)[0]).sort()).toEqual(
      ["AUTH_SECRET", "DATABASE_URL", "FETCH_CONCURRENCY", "INVITATIONS_REQUIRED", "LOG_LEVEL", "PORT", "RSSHUB_URL", "WEB_URL", "WORKER_ID"].sort(),
    );
  });

  it("starts its message with the spec's wording", () => {
    expect(() => loadConfig({ PORT: "abc" })).toThrow(/^Invalid environment variables\n {2}PORT/);
  });
});

describe("loadConfig: inbound mail", () => {
  it("leaves the SMTP receiver off by default, with a 10 MB and 200-an-hour limit", () => {
    expect(loadConfig({}, "/srv").inbox).toEqual({ emailSuffix: "@localhost", smtp: null, mailMaxBytes: 10 * 1024 * 1024, mailPerHour: 200 });
  });

  it("listens on every address of SMTP_LISTEN_PORT unless told otherwise", () => {
    expect(loadConfig({ SMTP_LISTEN_PORT: "2525" }, "/srv").inbox.smtp).toEqual({ port: 2525, host: "0.0.0.0" });
    const config = loadConfig({ SMTP_LISTEN_PORT: "25", SMTP_LISTEN_HOST: "::", INBOX_MAIL_MAX_BYTES: "2048", INBOX_MAIL_PER_HOUR: "0" }, "/srv");
    expect(config.inbox).toMatchObject({ smtp: { port: 25, host: "::" }, mailMaxBytes: 2048, mailPerHour: 0 });
  });

  it("names each invalid mail variable", () => {
    expect(problems({ SMTP_LISTEN_PORT: "0" })).toEqual(['SMTP_LISTEN_PORT must be an integer from 1 to 65535 (got "0")']);
    expect(problems({ SMTP_LISTEN_PORT: "smtp" })[0]).toMatch(/^SMTP_LISTEN_PORT /);
    expect(problems({ SMTP_LISTEN_HOST: "a host" })).toEqual(["SMTP_LISTEN_HOST must be a host name or an IP address"]);
    expect(problems({ INBOX_MAIL_MAX_BYTES: "10" })[0]).toMatch(/^INBOX_MAIL_MAX_BYTES must be an integer from 1024 /);
    expect(problems({ INBOX_MAIL_PER_HOUR: "-1" })[0]).toMatch(/^INBOX_MAIL_PER_HOUR /);
  });
});

describe("loadConfig: mail and sign-in providers", () => {
  it("defaults to the outbox, a no-reply sender at the web host, no providers and no required verification", () => {
    const config = loadConfig({ WEB_URL: "https://reader.example" }, "/srv");
    expect(config.mail).toEqual({ smtpUrl: null, from: "Tidings <no-reply@reader.example>" });
    expect(config.accounts).toMatchObject({ requireEmailVerification: false, github: null, google: null, oidc: null });
  });

  it("reads SMTP, the sender, verification and every provider", () => {
    const config = loadConfig(
      {
        SMTP_URL: "smtps://user:pass@mail.example:465",
        MAIL_FROM: "Reader <hello@reader.example>",
        REQUIRE_EMAIL_VERIFICATION: "yes",
        GITHUB_CLIENT_ID: "gh",
        GITHUB_CLIENT_SECRET: "gh-secret",
        GOOGLE_CLIENT_ID: "go",
        GOOGLE_CLIENT_SECRET: "go-secret",
        OIDC_ISSUER: "https://sso.example/realms/main/",
        OIDC_CLIENT_ID: "oi",
        OIDC_CLIENT_SECRET: "oi-secret",
        OIDC_NAME: "Company SSO",
      },
      "/srv",
    );
    expect(config.mail).toEqual({ smtpUrl: "smtps://user:pass@mail.example:465", from: "Reader <hello@reader.example>" });
    expect(config.accounts).toMatchObject({
      requireEmailVerification: true,
      github: { clientId: "gh", clientSecret: "gh-secret" },
      google: { clientId: "go", clientSecret: "go-secret" },
      oidc: { issuer: "https://sso.example/realms/main", clientId: "oi", clientSecret: "oi-secret", name: "Company SSO" },
    });
  });

  it("refuses a bad SMTP URL or sender", () => {
    expect(problems({ SMTP_URL: "http://mail.example" })[0]).toMatch(/^SMTP_URL /);
    expect(problems({ MAIL_FROM: "nobody" })[0]).toMatch(/^MAIL_FROM /);
    expect(problems({ REQUIRE_EMAIL_VERIFICATION: "sometimes" })[0]).toMatch(/^REQUIRE_EMAIL_VERIFICATION /);
  });

  it("wants each provider's id and secret set together, and the OIDC issuer with them", () => {
    expect(problems({ GITHUB_CLIENT_ID: "gh" })).toEqual(["GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET must be set together"]);
    expect(problems({ GOOGLE_CLIENT_SECRET: "go" })).toEqual(["GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together"]);
    expect(problems({ OIDC_CLIENT_ID: "oi", OIDC_CLIENT_SECRET: "s" })).toEqual(["OIDC_ISSUER must be set with OIDC_CLIENT_ID"]);
    expect(problems({ OIDC_ISSUER: "https://sso.example" })).toEqual(["OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set with OIDC_ISSUER"]);
    expect(problems({ OIDC_ISSUER: "ftp://sso.example", OIDC_CLIENT_ID: "oi", OIDC_CLIENT_SECRET: "s" })[0]).toMatch(/^OIDC_ISSUER /);
  });
});

describe("loadConfig: push notifications", () => {
  const pair = generateVapidKeys();

  it("keeps the VAPID keys in the data directory by default, with the sender's address as contact", () => {
    expect(loadConfig({}, "/srv").push).toEqual({ vapid: null, subject: "mailto:no-reply@localhost" });
    expect(loadConfig({ MAIL_FROM: "Reader <hello@reader.example>" }, "/srv").push.subject).toBe("mailto:hello@reader.example");
  });

  it("reads a configured key pair and contact", () => {
    const config = loadConfig({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey, VAPID_SUBJECT: "https://reader.example/contact" }, "/srv");
    expect(config.push).toEqual({ vapid: pair, subject: "https://reader.example/contact" });
  });

  it("refuses half a pair, keys of two pairs, bad encodings and a contact that is no mailto: or https: URL", () => {
    expect(problems({ VAPID_PUBLIC_KEY: pair.publicKey })).toEqual(["VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together"]);
    const other = generateVapidKeys();
    expect(problems({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: other.privateKey })[0]).toMatch(/not the private key's/);
    expect(problems({ VAPID_PUBLIC_KEY: "not+base64/", VAPID_PRIVATE_KEY: pair.privateKey })[0]).toMatch(/^VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: must be unpadded base64url/);
    expect(problems({ VAPID_PUBLIC_KEY: pair.privateKey, VAPID_PRIVATE_KEY: pair.privateKey })[0]).toMatch(/65 bytes/);
    expect(problems({ VAPID_SUBJECT: "http://reader.example" })[0]).toMatch(/^VAPID_SUBJECT must be a mailto:\/\/ or https:\/\/ URL/);
  });
});

describe("loadConfig: the private-network policy", () => {
  it("takes PRIVATE_NETWORKS_FOR and refuses other values", () => {
    for (const value of ["none", "admins", "everyone"] as const) expect(loadConfig({ PRIVATE_NETWORKS_FOR: value }, "/srv").network.privateNetworksFor).toBe(value);
    expect(problems({ PRIVATE_NETWORKS_FOR: "all" })).toEqual(['PRIVATE_NETWORKS_FOR must be one of none, admins, everyone (got "all")']);
  });

  it("folds the older variables into it, the stricter winning, and says so", () => {
    const read = (env: Record<string, string>) => loadConfig(env, "/srv").network;
    expect(read({ FETCH_ALLOW_PRIVATE_NETWORKS: "true" })).toEqual({
      privateNetworksFor: "everyone",
      sharedAddresses: [],
      notices: ["FETCH_ALLOW_PRIVATE_NETWORKS is an older name: read as PRIVATE_NETWORKS_FOR=everyone; set that instead"],
    });
    expect(read({ RSSHUB_ALLOW_PRIVATE_NETWORKS: "yes" }).privateNetworksFor).toBe("everyone");
    expect(read({ FETCH_ALLOW_PRIVATE_NETWORKS: "false" }).privateNetworksFor).toBe("admins");
    // The old default of true was the hole: it means nothing now.
    expect(read({ INTEGRATIONS_ALLOW_PRIVATE_NETWORKS: "true" }).privateNetworksFor).toBe("admins");
    expect(read({ INTEGRATIONS_ALLOW_PRIVATE_NETWORKS: "false", FETCH_ALLOW_PRIVATE_NETWORKS: "true" }).privateNetworksFor).toBe("none");
    expect(read({ PRIVATE_NETWORKS_FOR: "admins", FETCH_ALLOW_PRIVATE_NETWORKS: "true" })).toEqual({
      privateNetworksFor: "admins",
      sharedAddresses: [],
      notices: ["FETCH_ALLOW_PRIVATE_NETWORKS is ignored: PRIVATE_NETWORKS_FOR=admins is set"],
    });
    expect(problems({ FETCH_ALLOW_PRIVATE_NETWORKS: "maybe" })).toEqual(['FETCH_ALLOW_PRIVATE_NETWORKS must be true or false (got "maybe")']);
    expect(problems({ SHARED_PRIVATE_ADDRESSES: "10.0.0.1,1.1.1.1" })).toEqual([
      'SHARED_PRIVATE_ADDRESSES: "1.1.1.1" is not on a private network (loopback, 10/8, 172.16/12, 192.168/16, 100.64/10 or fc00::/7)',
    ]);
  });
});
