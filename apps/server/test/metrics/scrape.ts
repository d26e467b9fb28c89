import type { TestApp } from "../helpers/app.ts";

/** One sample of an exposition: its metric name, labels and value. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Reads the Prometheus text format (enough of it for these tests: no escaped quotes in labels). */
export function parseExposition(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)(?: \d+)?$/.exec(line);
    if (!match) throw new Error(`not an exposition line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? "").matchAll(/(\w+)="([^"]*)"/g)) labels[key!] = value!;
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The value of the sample named `name` whose labels include `labels`; undefined when there is none. */
export function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  return samples.find((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value))?.value;
}

/** Scrapes the app in process with the bearer token it was configured with. */
export async function scrape(t: TestApp, token: string): Promise<Sample[]> {
  const response = await t.app.request("/metrics", { headers: { authorization: `Bearer ${token}` } });
  if (response.status !== 200) throw new Error(`scrape answered ${response.status}: ${await response.text()}`);
  return parseExposition(await response.text());
}
