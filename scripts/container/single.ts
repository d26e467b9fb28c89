// The image run alone, as `docker run -v tidings-data:/data tidings` runs it: the embedded
// PostgreSQL in the volume, a reader's journey, a graceful stop, and everything there again on
// the next start.
import { freePort, rssFeed, startFeedServer } from "@tidings/server/testing";
import { signIn, signUp } from "../faults/reader.ts";
import { answers, check, log, running, step, waitFor } from "./checks.ts";
import { docker, must } from "./docker.ts";

interface Entry {
  entries: { id: string; title: string | null };
  read: boolean | null;
}

export async function runAlone(image: string, suffix: string): Promise<void> {
  const volume = `tidings-test-data-${suffix}`;
  const feeds = await startFeedServer();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const email = "container@example.com";
  // On the host's network, so that it reaches the feed served here on 127.0.0.1 (allowed below).
  const start = (name: string) =>
    must(["run", "-d", "--name", name, "--network", "host", "-v", `${volume}:/data`, "-e", `PORT=${port}`, "-e", `WEB_URL=${base}`, "-e", "PRIVATE_NETWORKS_FOR=everyone", "-e", "SHARED_PRIVATE_ADDRESSES=127.0.0.1", image]);
  const names = [`tidings-test-${suffix}-1`, `tidings-test-${suffix}-2`];
  try {
    await must(["volume", "create", volume]);
    let readId = "";
    await step("run with a volume: /healthz, /readyz, sign up, follow, read", async () => {
      const started = performance.now();
      await start(names[0]!);
      await waitFor("/healthz", () => answers(`${base}/healthz`), { alive: () => running(names[0]!) });
      await waitFor("/readyz", () => answers(`${base}/readyz`), { alive: () => running(names[0]!) });
      log(`ready ${((performance.now() - started) / 1000).toFixed(1)} s after docker run (first start: the embedded PostgreSQL is created)`);
      const user = (await must(["exec", names[0]!, "id", "-un"])).trim();
      check(user === "node", `the server runs as ${user}, not as node`);
      // The image's HEALTHCHECK, run as Docker runs it (its interval is 15 s: not waited for).
      const health = JSON.parse(await must(["inspect", "--format", "{{json .Config.Healthcheck.Test}}", names[0]!])) as string[];
      check(health[0] === "CMD", `unexpected HEALTHCHECK ${JSON.stringify(health)}`);
      const probe = await docker(["exec", names[0]!, ...health.slice(1)]);
      check(probe.code === 0, `the image's HEALTHCHECK fails in a running container: ${probe.stderr}`);

      feeds.set("/container.xml", { body: rssFeed({ title: "Container news", items: [{ guid: "two", title: "Two" }, { guid: "one", title: "One" }] }) });
      const reader = await signUp(base, email);
      const follow = await reader.call("POST", "/subscriptions", { url: feeds.url("/container.xml"), view: 0 });
      check(follow.status === 200, `following answered ${follow.status}: ${await follow.text()}`);
      const page = (await (await reader.call("POST", "/entries", { view: 0, limit: 20 })).json()) as { data: Entry[] };
      check(page.data.length === 2, `the timeline holds ${page.data.length} entries, not 2`);
      readId = page.data.find((entry) => entry.entries.title === "One")!.entries.id;
      const read = await reader.call("POST", "/reads", { entryIds: [readId] });
      check(read.status === 200, `marking read answered ${read.status}`);
    });

    await step("docker stop ends it within 30 s, exit code 0", async () => {
      const started = performance.now();
      await must(["stop", "-t", "30", names[0]!]);
      const seconds = (performance.now() - started) / 1000;
      const exitCode = await must(["inspect", "--format", "{{.State.ExitCode}}", names[0]!]);
      log(`stopped in ${seconds.toFixed(1)} s, exit code ${exitCode}`);
      check(seconds <= 30, `docker stop took ${seconds.toFixed(1)} s`);
      check(exitCode === "0", `the server exited with ${exitCode}`);
    });

    await step("started again on the volume: the reader, the subscription and the read state are there", async () => {
      const started = performance.now();
      await start(names[1]!);
      await waitFor("/readyz after a restart", () => answers(`${base}/readyz`), { alive: () => running(names[1]!) });
      log(`ready ${((performance.now() - started) / 1000).toFixed(1)} s after docker run on the kept volume`);
      const reader = await signIn(base, email);
      const subscriptions = await (await reader.call("GET", "/subscriptions")).text();
      check(subscriptions.includes("Container news"), `the subscription is gone: ${subscriptions.slice(0, 300)}`);
      const page = (await (await reader.call("POST", "/entries", { view: 0, limit: 20 })).json()) as { data: Entry[] };
      const states = Object.fromEntries(page.data.map((entry) => [entry.entries.title, entry.read]));
      check(states.One === true && states.Two === false, `read states after the restart: ${JSON.stringify(states)}`);
      await must(["stop", "-t", "30", names[1]!]);
    });
  } finally {
    await feeds.close();
    for (const name of names) await docker(["rm", "-f", name]);
    await docker(["volume", "rm", "-f", volume]);
  }
}
