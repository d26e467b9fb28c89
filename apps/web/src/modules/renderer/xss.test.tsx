import { act } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../../test/helpers/render.tsx";
import { EntryContent } from "./entry-content.tsx";
import { resolveEmbedUrl } from "./embeds.ts";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

interface Vector {
  id: string;
  input: string;
  mustNotSurvive: string[];
  policyMustNotSurvive: string[];
  category: string;
}

/** The corpus's XSS vectors, read from the repository's test data (another package: read, not imported). */
function corpusDir(): string {
  if (process.env.FEED_CORPUS_DIR) return process.env.FEED_CORPUS_DIR;
  // Tests run from the repository root or a workspace below it: walk up to the test data.
  for (let dir = process.cwd(); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, "test-data", "corpus");
    if (existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) throw new Error("test-data/corpus not found above the working directory");
  }
}
const readVectors = (name: string): Vector[] =>
  (JSON.parse(readFileSync(path.join(corpusDir(), "xss", name), "utf8")) as { vectors: Vector[] }).vectors;
const VECTORS: Vector[] = [...readVectors("vectors.json"), ...readVectors("owasp-xss-filter-evasion.json")];

/** Elements that must never come out of the renderer (iframes are checked separately). */
const FORBIDDEN = ["script", "style", "object", "embed", "applet", "frame", "frameset", "base", "meta", "link", "form", "input", "button", "textarea", "select", "svg", "math", "template", "noscript", "param", "animate", "set", "foreignobject", "use"];
/** Attributes whose value is text for people, never a URL or code. */
const PLAIN_TEXT = /^(?:title|alt|aria-.*|data-.*|lang|dir|class|id|colspan|rowspan|span|start|value|width|height|datetime|type|media|sizes|loading|decoding|preload|referrerpolicy|sandbox|allow|scope)$/;
const URL_ATTRIBUTES = /^(?:href|src|srcset|poster|data|action|formaction|xlink:href|background|cite|longdesc|ping|manifest|codebase)$/;
const SCRIPT_SCHEME = /^(?:javascript|vbscript|livescript|mocha):/;

/** Drops control characters and spaces, the way browsers ignore them inside a URL scheme. */
const squeeze = (value: string) =>
  [...value]
    .filter((char) => {
      const code = char.codePointAt(0) ?? 0;
      return code > 0x20 && (code < 0x7f || code > 0x9f);
    })
    .join("")
    .toLowerCase();

/**
 * Every way executable markup could be left in `root`, as readable strings (empty = clean). Applied
 * to every vector, whatever checks the corpus lists for it: the renderer must pass them all.
 */
export function findExecutable(root: Element): string[] {
  const problems: string[] = [];
  for (const element of root.querySelectorAll("*")) {
    const tag = element.localName.toLowerCase();
    // The renderer's own icons (lucide SVGs) are not content: content SVG is always dropped.
    const ownIcon = element.closest("svg.lucide") !== null;
    if (FORBIDDEN.includes(tag) && !ownIcon) problems.push(`element <${tag}>`);
    if (tag === "iframe") {
      const src = element.getAttribute("src");
      if (!src || resolveEmbedUrl(src) !== src || !element.hasAttribute("sandbox")) problems.push(`iframe ${src}`);
    }
    for (const { name, value } of element.attributes) {
      const attribute = name.toLowerCase();
      if (attribute.startsWith("on")) problems.push(`handler ${attribute} on <${tag}>`);
      const squeezed = squeeze(value);
      if (!PLAIN_TEXT.test(attribute) && (SCRIPT_SCHEME.test(squeezed) || squeezed.includes("url=javascript:"))) problems.push(`script URL in ${attribute}`);
      if (URL_ATTRIBUTES.test(attribute)) {
        if (squeezed.startsWith("data:") && !(tag === "img" && attribute === "src" && squeezed.startsWith("data:image/"))) problems.push(`data URL in ${attribute}`);
        if (squeezed && !/^(?:https?:|data:image\/|#)/.test(squeezed)) problems.push(`non-http URL in ${attribute}: ${value}`);
      }
      if (attribute === "style") {
        const css = value.replace(/\/\*[\s\S]*?\*\//g, "").replace(/[\\\s]/g, "").toLowerCase();
        if (/expression\(|javascript:|vbscript:|-moz-binding|behavior:|url\(/.test(css)) problems.push(`active CSS ${value}`);
      }
    }
  }
  return problems;
}

function renderEntry(html: string) {
  const view = renderPage(<EntryContent html={html} baseUrl="https://blog.example/posts/1" />);
  const root = view.container.querySelector(".entry-content");
  if (!root) throw new Error("EntryContent did not render");
  return { ...view, root };
}

describe("XSS corpus", () => {
  it("has the vectors the README describes", () => {
    expect(VECTORS.length).toBe(355);
  });

  it("the checker catches what the vectors carry when they are inserted raw", () => {
    // Proof the assertions below can fail: the same checks on unsanitised markup find problems.
    const attacks = VECTORS.filter((vector) => vector.mustNotSurvive.length > 0);
    const caught = attacks.filter((vector) => {
      const raw = new DOMParser().parseFromString(vector.input, "text/html");
      return findExecutable(raw.documentElement).length > 0;
    });
    expect(caught.length / attacks.length).toBeGreaterThan(0.8);
  });

  it.each(VECTORS.map((vector) => [vector.id, vector] as const))("%s leaves no executable markup", async (_id, vector) => {
    const { root, unmount } = renderEntry(vector.input);
    await act(async () => {});
    expect(findExecutable(root)).toEqual([]);
    // The document as a whole (portals included) stays clean too.
    expect(document.querySelectorAll("script, object, embed, base, meta[http-equiv], form").length).toBe(0);
    unmount();
  });
});
