// deploy/compose.yaml brought up as a person deploying it does (a copy of deploy/ with a filled-in
// .env): PostgreSQL, two API processes, a worker and Caddy. A session works through the proxy on
// both API processes; one API container killed, the proxy keeps answering.
import { spawnSync } from "node:child_process";
import { createECDH, randomBytes } from "node:crypto";
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "@tidings/server/testing";
import { signUp } from "../faults/reader.ts";
import { answers, check, log, step, waitFor } from "./checks.ts";
import { buildEnv, must, obtain, run } from "./docker.ts";

const POSTGRES = "postgres:16-bookworm";
const CADDY = "caddy:2.6";

/** `docker compose` (the plugin) or `docker-compose` (Debian's), whichever is installed. */
export function composeCommand(): string[] | null {
  if (spawnSync("docker", ["compose", "version"]).status === 0) return ["docker", "compose"];
  if (spawnSync("docker-compose", ["version"]).status === 0) return ["docker-compose"];
  return null;
}

/** compose.yaml's PostgreSQL and Caddy images, or stand-ins from Debian's packages where they cannot be pulled. */
async function serviceImages(root: string, base: string): Promise<{ postgres: string; caddy: string }> {
  if ((await obtain(POSTGRES)) === null && (await obtain(CADDY)) === null) return { postgres: POSTGRES, caddy: CADDY };
  log(`${POSTGRES} and ${CADDY} cannot be pulled: building stand-ins from Debian's packages on ${base}`);
  const context = path.join(root, "scripts/container/stand-ins");
  const env = buildEnv();
  for (const target of ["postgres", "caddy"]) {
    await must(["build", "-q", "--network", "host", "--build-arg", `BASE=${base}`, "--target", target, "-t", `local/tidings-${target}`, context], { env });
  }
  return { postgres: "local/tidings-postgres", caddy: "local/tidings-caddy" };
}

/** An unpadded base64url VAPID key pair, as `npx web-push generate-vapid-keys` prints. */
function vapidKeys(): { publicKey: string; privateKey: string } {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return { publicKey: ecdh.getPublicKey().toString("base64url"), privateKey: ecdh.getPrivateKey().toString("base64url") };
}

export async function composeTopology(root: string, image: string, base: string, suffix: string): Promise<void> {
  const compose = composeCommand();
  if (!compose) throw new Error("neither `docker compose` nor `docker-compose` is installed (Debian: apt-get install docker-compose)");
  const images = await serviceImages(root, base);
  const dir = mkdtempSync(path.join(tmpdir(), "tidings-compose-"));
  const project = `tidings-test-${suffix}`;
  const call = (args: string[]) => run(compose[0]!, [...compose.slice(1), "-p", project, ...args], { cwd: dir });
  try {
    copyFileSync(path.join(root, "deploy/compose.yaml"), path.join(dir, "compose.yaml"));
    copyFileSync(path.join(root, "deploy/Caddyfile"), path.join(dir, "Caddyfile"));
    const port = await freePort();
    const proxy = `http://127.0.0.1:${port}`;
    const keys = vapidKeys();
    const env = {
      POSTGRES_PASSWORD: randomBytes(12).toString("hex"),
      AUTH_SECRET: randomBytes(32).toString("base64"),
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      SITE_ADDRESS: ":80",
      WEB_URL: proxy,
      HTTP_PORT: String(port),
      HTTPS_PORT: String(await freePort()),
      TIDINGS_IMAGE: image,
      POSTGRES_IMAGE: images.postgres,
      CADDY_IMAGE: images.caddy,
    };
    writeFileSync(path.join(dir, ".env"), Object.entries(env).map(([key, value]) => `${key}=${value}`).join("\n") + "\n");

    await step("compose: PostgreSQL, two API processes, a worker and Caddy come up", async () => {
      const up = await call(["up", "-d", "--no-build"]);
      check(up.code === 0, `compose up failed:\n${up.stderr.slice(-3000)}`);
      await waitFor("the proxy's /readyz", () => answers(`${proxy}/readyz`), { timeoutMs: 120_000 });
      // The proxy answers once one API process is ready; the other may still be starting, and
      // Caddy sends it nothing until its next health check passes (every 2 s, deploy/Caddyfile).
      const ready = (service: string) => async () =>
        (await call(["exec", "-T", service, "node", "-e", "fetch('http://127.0.0.1:3000/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"])).code === 0;
      for (const service of ["api-1", "api-2"]) await waitFor(`${service}'s own /readyz`, ready(service), { timeoutMs: 120_000 });
      await new Promise((resolve) => setTimeout(resolve, 4_500));
    });

    await step("compose: a session through the proxy on both API processes; one killed, the proxy keeps answering", async () => {
      const reader = await signUp(proxy, "compose@example.com");
      for (let i = 0; i < 8; i++) {
        const response = await reader.call("GET", "/subscriptions");
        check(response.status === 200, `GET /subscriptions answered ${response.status} through the proxy`);
      }
      const served = async (service: string) => ((await call(["logs", "--no-color", service])).stdout.match(/"path":"\/api\/subscriptions","status":200/g) ?? []).length;
      const [one, two] = [await served("api-1"), await served("api-2")];
      log(`api-1 answered ${one} of the session's calls, api-2 ${two}`);
      check(one > 0 && two > 0, "the proxy did not send the session's calls to both API processes");
      const worker = (await call(["ps", "-q", "worker"])).stdout.trim();
      check(worker && (await must(["inspect", "--format", "{{.State.Running}}", worker])) === "true", "the worker is not running");

      const killed = await call(["kill", "api-1"]);
      check(killed.code === 0, `compose kill failed: ${killed.stderr}`);
      for (let i = 0; i < 8; i++) {
        const response = await reader.call("GET", "/subscriptions");
        check(response.status === 200, `GET /subscriptions answered ${response.status} with api-1 gone`);
      }
      check(await answers(`${proxy}/readyz`), "the proxy's /readyz fails with api-1 gone");
    });
  } finally {
    const down = await call(["down", "-v", "--remove-orphans", "-t", "5"]);
    if (down.code !== 0) log(`compose down: ${down.stderr.slice(-500)}`);
    rmSync(dir, { recursive: true, force: true });
  }
}
