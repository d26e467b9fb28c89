import { readFileSync } from "node:fs";
import path from "node:path";

/** The shared feed corpus (read-only test data from other projects' suites). */
export const CORPUS_DIR = process.env.FEED_CORPUS_DIR ?? path.resolve(import.meta.dirname, "../../../../../test-data/corpus");

export interface CorpusCase {
  id: string;
  file: string;
  source: string;
  httpHeaders?: Record<string, string>;
  expect: {
    parseError?: boolean;
    bozo?: boolean;
    encoding?: string;
    format?: string;
    formatFamily?: string;
    feedTitle?: string;
    feedLink?: string;
    itemCount?: number;
    textContains?: string[];
    firstItem?: {
      title?: string;
      link?: string;
      guid?: string;
      published?: string;
      updated?: string;
      date?: string;
      publishedRaw?: string;
      updatedRaw?: string;
      enclosure?: { url?: string; type?: string; length?: number | string };
      enclosureCount?: number;
    };
  };
}

/** Every case of `expectations.json`. */
export function loadCorpusCases(): CorpusCase[] {
  const data = JSON.parse(readFileSync(path.join(CORPUS_DIR, "expectations.json"), "utf8")) as { cases: CorpusCase[] };
  return data.cases;
}

/** A header of a case, whatever the case of its name. */
export function caseHeader(testCase: CorpusCase, name: string): string | null {
  const entry = Object.entries(testCase.httpHeaders ?? {}).find(([key]) => key.toLowerCase() === name.toLowerCase());
  return entry ? entry[1] : null;
}

/**
 * The URL the source project served a case from: its Content-Location header, or for feedparser
 * the local test server's address of the file (relative links in those cases resolve against it).
 */
export function caseDocumentUrl(testCase: CorpusCase): string | null {
  const location = caseHeader(testCase, "content-location");
  if (location) return location;
  if (testCase.file.startsWith("feeds/feedparser/")) {
    return `http://127.0.0.1:8097/tests/${testCase.file.slice("feeds/feedparser/".length)}`;
  }
  return null;
}
