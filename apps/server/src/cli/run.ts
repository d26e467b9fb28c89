import { readFile } from "node:fs/promises";
import { feedToJson } from "./feed-json.ts";
import { USER_AGENT } from "../lib/http/user-agent.ts";
import { ConfigError, loadConfig } from "../env.ts";
import { decodeDocument } from "../content/decode/decode.ts";
import { discoverFeeds } from "../fetcher/index.ts";
import { resolveFetchUrl } from "../content/feed-url.ts";
import { parseFeedDocument } from "../content/parse/parse-feed.ts";
import { createHttpClient } from "../lib/http/index.ts";

const USAGE = `Usage:
  npm run -s cli -- parse <path-or-url>... [--header 'Name: value']...
      Prints each input as one line of JSON: the normalised feed, or {"source", "error"}.
      For files, headers stand for the HTTP response's (Content-Type gives the charset,
      Content-Location the base URL); for URLs they are sent with the request.
  npm run -s cli -- discover <url>
      Prints the feeds found for a site or feed URL, one JSON line each.
  npm run -s cli -- refresh [--all]
      Refreshes every due feed (with --all: every feed somebody reads) in the configured
      database once, then prints {"refreshed", "notModified", "failed", "seconds",
      "cpuSeconds", "mainCpuSeconds", "threadCpuSeconds", "maxRssMb"}. While a server runs on the embedded database (DATA_DIR),
      uses that server's database.
  npm run -s cli -- backup <file> [--server <url>]
      Writes a consistent backup of the whole database (gzip'd JSON lines) to <file>. While a
      server runs on the embedded database (DATA_DIR), asks that server for it; --server asks
      the server at <url> (on this machine, with the same DATA_DIR).
  npm run -s cli -- restore <file>
      Restores a backup into the configured database, which must be empty (a new DATA_DIR, or
      a new PostgreSQL database), in one transaction. The server must be stopped.
  npm run -s cli -- move --to <postgres-url>
      Copies everything from the embedded database (DATA_DIR) into the empty PostgreSQL
      database at <postgres-url>, keeping the backup it makes in DATA_DIR. Stop the server first.`;

function parseArgs(argv: string[]) {
  const inputs: string[] = [];
  const headers: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--header" || arg === "-H") {
      const value = argv[++i] ?? "";
      const colon = value.indexOf(":");
      if (colon <= 0) throw new Error(`Invalid header "${value}": expected 'Name: value'`);
      headers[value.slice(0, colon).trim().toLowerCase()] = value.slice(colon + 1).trim();
    } else inputs.push(arg);
  }
  return { inputs, headers };
}

const isUrl = (input: string) => /^(https?|rsshub):\/\//i.test(input);

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  if (!command || command === "help" || command === "--help") {
    console.log(USAGE);
    return;
  }
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const { inputs, headers } = parseArgs(rest);
  // The operator's own tool, run in their shell: their LAN is theirs to read (never link-local).
  const http = createHttpClient({
    userAgent: USER_AGENT,
    reach: "private-networks",
    totalTimeoutMs: config.fetch.timeoutMs,
    maxBytes: config.fetch.maxBytes,
  });
  let failed = false;
  try {
    if (command === "parse") {
      if (inputs.length === 0) throw new Error(USAGE);
      for (const input of inputs) {
        try {
          let bytes: Uint8Array;
          let contentType = headers["content-type"] ?? null;
          let documentUrl = headers["content-location"] ?? null;
          if (isUrl(input)) {
            const response = await http.request({ url: resolveFetchUrl(input, config.fetch.rsshubUrl), headers });
            if (response.status < 200 || response.status >= 300) throw new Error(`HTTP ${response.status}`);
            bytes = response.body;
            contentType = response.headers["content-type"] ?? null;
            documentUrl = response.url;
          } else {
            bytes = await readFile(input);
          }
          const feed = parseFeedDocument(decodeDocument(bytes, contentType).text, documentUrl);
          console.log(JSON.stringify(feedToJson(input, feed)));
        } catch (error) {
          failed = true;
          console.log(JSON.stringify({ source: input, error: (error as Error).message }));
        }
      }
    } else if (command === "discover") {
      if (inputs.length !== 1) throw new Error(USAGE);
      const candidates = await discoverFeeds({ http, rsshub: (route) => http.request({ url: resolveFetchUrl(route, config.fetch.rsshubUrl) }) }, inputs[0]!);
      for (const found of candidates) {
        console.log(JSON.stringify({ url: found.url, title: found.title, siteUrl: found.siteUrl, description: found.description, image: found.image, view: found.view }));
      }
    } else if (command === "refresh") {
      // Loaded for this command only: parsing and discovery need no database.
      const { refreshOnce } = await import("./refresh.ts");
      const outcome = await refreshOnce(config, { all: inputs.includes("--all") });
      console.log(JSON.stringify(outcome));
      failed = outcome.failed > 0;
    } else if (command === "backup" || command === "restore" || command === "move") {
      const { backupCommand, moveCommand, restoreCommand } = await import("./backup.ts");
      const option = (name: string) => (inputs.includes(name) ? (inputs[inputs.indexOf(name) + 1] ?? "") : undefined);
      const files = inputs.filter((input, index) => !input.startsWith("--") && !inputs[index - 1]?.startsWith("--"));
      const server = option("--server");
      const to = option("--to");
      if (command === "move") {
        if (!to) throw new Error(USAGE);
        console.log(JSON.stringify(await moveCommand(config, { to })));
      } else {
        if (files.length !== 1) throw new Error(USAGE);
        const outcome = command === "backup" ? await backupCommand(config, { file: files[0]!, ...(server ? { server } : {}) }) : await restoreCommand(config, { file: files[0]! });
        console.log(JSON.stringify(outcome));
      }
    } else {
      throw new Error(`Unknown command "${command}"\n${USAGE}`);
    }
  } catch (error) {
    console.error((error as Error).message);
    failed = true;
  } finally {
    http.close();
  }
  process.exitCode = failed ? 1 : 0;
}

await main();
