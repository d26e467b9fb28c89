import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

/** The page every share page is put in: the web client's index.html, or a bare one without it. */
export interface Shell {
  /** The document with `head` added to its <head> and `body` inside the client's root element. */
  render(parts: { head: string; body: string }): string;
}

const ROOT = '<div id="root"></div>';

/** Used without a web build (tests, the API alone): the same structure, no client to take over. */
const BARE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="color-scheme" content="light dark" />
  </head>
  <body>
    ${ROOT}
  </body>
</html>`;

/**
 * Splits an index.html once, at start, around the two places a page goes: the end of <head> and
 * the root element. Its own <title> and description are dropped, since each page brings its own.
 * An index.html without those places (not the client's) gives the bare page.
 */
export function createShell(indexHtml: string | null): Shell {
  const html = indexHtml && indexHtml.includes("</head>") && indexHtml.includes(ROOT) ? indexHtml : BARE;
  const cleaned = html.replace(/<title>[\s\S]*?<\/title>\s*/i, "").replace(/<meta\s+name=["']description["'][^>]*>\s*/i, "");
  const headEnd = cleaned.indexOf("</head>");
  const rootAt = cleaned.indexOf(ROOT, headEnd);
  const beforeHeadEnd = cleaned.slice(0, headEnd);
  const headEndToRoot = cleaned.slice(headEnd, rootAt + ROOT.length - "</div>".length);
  const afterRoot = cleaned.slice(rootAt + ROOT.length - "</div>".length);
  return {
    render: ({ head, body }) => beforeHeadEnd + head + headEndToRoot + body + afterRoot,
  };
}

/** The client's index.html in `distDir`, or null when it is not built. */
export function readIndexHtml(distDir: string | undefined): string | null {
  if (!distDir) return null;
  const file = path.join(distDir, "index.html");
  return existsSync(file) ? readFileSync(file, "utf8") : null;
}
