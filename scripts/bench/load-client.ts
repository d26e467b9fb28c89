// The load generator's HTTP side, shared by bench:load and bench:cluster: signs readers in, times
// every call by name, counts errors (with a few samples), and prints p50/p99/max per call.

/** Signs reader `i` (reader{i}@example.com, seeded by the bench) in at `origin` from the web client at `web`; answers the session cookie. */
export async function signIn(origin: string, i: number, web: string = origin): Promise<string> {
  const response = await fetch(`${origin}/api/better-auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: web },
    body: JSON.stringify({ email: `reader${i}@example.com`, password: "correct horse battery" }),
  });
  if (!response.ok) throw new Error(`sign-in ${i}: ${response.status} ${await response.text()}`);
  return response.headers.getSetCookie().map((line) => line.split(";")[0]).join("; ");
}

export function createLoadClient(webOrigin: string) {
  const times = new Map<string, number[]>();
  const errorSamples: string[] = [];
  let errors = 0;
  return {
    /** One call to `${origin}/api${pathName}`; answers its JSON, or null after counting an error. */
    async call(name: string, origin: string, cookie: string, method: string, pathName: string, json?: unknown): Promise<unknown> {
      const started = performance.now();
      try {
        const response = await fetch(`${origin}/api${pathName}`, {
          method,
          headers: { cookie, origin: webOrigin, ...(json !== undefined ? { "content-type": "application/json" } : {}) },
          ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
        });
        const text = await response.text();
        if (!response.ok) throw new Error(`${response.status} ${text.slice(0, 160)}`);
        return JSON.parse(text);
      } catch (error) {
        errors++;
        if (errorSamples.length < 8) errorSamples.push(`${name}: ${(error as Error).message}`);
        return null;
      } finally {
        const list = times.get(name) ?? [];
        list.push(performance.now() - started);
        times.set(name, list);
      }
    },
    get errors() {
      return errors;
    },
    /** Prints requests/s, errors and p50/p99/max per call over `seconds`; answers the total calls. */
    report(title: string, seconds: number): number {
      const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
      const rows: Record<string, { calls: number; "p50 ms": number; "p99 ms": number; "max ms": number }> = {};
      let total = 0;
      const all: number[] = [];
      for (const [name, list] of times) {
        list.sort((a, b) => a - b);
        total += list.length;
        all.push(...list);
        rows[name] = { calls: list.length, "p50 ms": Math.round(percentile(list, 50)), "p99 ms": Math.round(percentile(list, 99)), "max ms": Math.round(list.at(-1) ?? 0) };
      }
      all.sort((a, b) => a - b);
      rows["every call"] = { calls: all.length, "p50 ms": Math.round(percentile(all, 50)), "p99 ms": Math.round(percentile(all, 99)), "max ms": Math.round(all.at(-1) ?? 0) };
      console.log(`${title}: ${(total / seconds).toFixed(0)} requests/s, ${errors} errors`);
      console.table(rows);
      for (const sample of errorSamples) console.log(`error: ${sample}`);
      return total;
    },
  };
}
