// A thread that reads fetched feed documents (read-feed.ts) for feed-readers.ts: a message
// `{ id, input }` is answered `{ id, result }`, or `{ id, error }` when reading threw.
import { parentPort } from "node:worker_threads";
import { installFastResolve } from "../lib/fast-resolve.ts";
import { yieldToReaders } from "../lib/thread-priority.ts";

installFastResolve();
yieldToReaders();
const { readFeed } = await import("./read-feed.ts");

parentPort!.on("message", (message: { id: number; input: Parameters<typeof readFeed>[0] }) => {
  let reply;
  let transfer: ArrayBuffer[] = [];
  try {
    const result = readFeed(message.input);
    reply = { id: message.id, result };
    // The entries' texts move with the answer (read-feed.ts' BytePacker).
    if (result.ok) transfer = [result.texts];
  } catch (error) {
    reply = { id: message.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  parentPort!.postMessage(reply, transfer);
});
