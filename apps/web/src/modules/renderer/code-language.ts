/**
 * The language of a code block: from its markup when the author said (`language-x`, `lang-x`,
 * `data-lang`), else guessed from the code when `guessCodeLanguage` is on. The guess is a small
 * scoring heuristic, good enough to colour the common cases; shiki is never asked to guess.
 */

/** Languages that mean "do not highlight". */
const PLAIN = new Set(["text", "plain", "plaintext", "txt", "none", "nohighlight", "no-highlight", "output", "console-output"]);

/** The language named by a `<pre>`/`<code>` pair, lower case; "" for an explicit plain text. */
export function languageFromMarkup(...elements: (Element | null)[]): string | null {
  for (const element of elements) {
    if (!element) continue;
    const data = element.getAttribute("data-lang") ?? element.getAttribute("data-language");
    if (data?.trim()) return normalise(data);
    for (const name of element.classList) {
      const match = /^(?:language|lang|highlight-source|brush:?)-?(.+)$/i.exec(name);
      if (match?.[1]) return normalise(match[1]);
    }
  }
  return null;
}

function normalise(name: string): string {
  const value = name.trim().toLowerCase().replace(/[^a-z0-9#+_-]/g, "");
  return PLAIN.has(value) ? "" : value;
}

type Rule = [RegExp, number];

/** Signals per language (shiki ids); the best score wins if it reaches 3. */
const RULES: Record<string, Rule[]> = {
  json: [[/^\s*[[{][\s\S]*[\]}]\s*$/, 1], [/"[^"\n]+"\s*:\s*["{[\d\-tfn]/, 3]],
  html: [[/<\/?(?:div|span|p|a|html|body|head|script|ul|li|section|img|!doctype)\b/i, 3], [/<\/[a-z]+>/i, 1]],
  xml: [[/^\s*<\?xml/, 5], [/<\/[a-z]+:[a-z]+>/i, 2]],
  // Each pattern has one unbounded run per line at most: nested quantifiers backtrack exponentially
  // on long lines, which froze the reader on real code before.
  css: [[/^[ \t]*[.#]?[a-z][^{};\n]*\{[ \t]*$/im, 1], [/^[ \t]*[a-z-]+[ \t]*:[ \t]*[^;{}\n]+;[ \t]*$/m, 2], [/@media|@import|!important/, 2]],
  javascript: [
    [/\b(?:const|let|var)\s+\w+\s*=/, 2],
    [/=>/, 1],
    [/\bfunction\s*\w*\s*\(/, 2],
    [/\bconsole\.log\(|\bdocument\.|\brequire\(|\bmodule\.exports\b/, 3],
    [/\bimport\s+.+\s+from\s+['"]/, 2],
  ],
  typescript: [[/\b(?:interface|type)\s+\w+\s*[={<]/, 3], [/:\s*(?:string|number|boolean|void|unknown|any)\b/, 3], [/\bimport\s+.+\s+from\s+['"]/, 1]],
  python: [[/^\s*def\s+\w+\s*\(.*\)\s*(?:->\s*[\w[\], ]+)?:/m, 4], [/^\s*(?:from\s+[\w.]+\s+)?import\s+[\w.]+/m, 1], [/\bself\b|\bprint\(|\bNone\b|\belif\b/, 2], [/^\s*class\s+\w+(?:\(.*\))?:/m, 3]],
  shellscript: [[/^\s*(?:\$\s+)?(?:sudo|npm|npx|pnpm|yarn|apt(?:-get)?|brew|git|cd|ls|curl|wget|docker|export|echo|chmod|mkdir|pip)\s/m, 3], [/^#!\/.*\b(?:ba|z)?sh\b/, 5]],
  go: [[/^\s*package\s+\w+/m, 3], [/\bfunc\s+(?:\([^)]*\)\s*)?\w+\s*\(/, 3], [/:=/, 1], [/\bfmt\./, 2]],
  rust: [[/\bfn\s+\w+\s*(?:<[^>]*>)?\s*\(/, 3], [/\blet\s+mut\b/, 3], [/\bimpl\b|\bpub\s+(?:fn|struct|enum)\b|println!|->\s*Result</, 2], [/::/, 1]],
  sql: [[/\b(?:SELECT\s+[\s\S]+\s+FROM|INSERT\s+INTO|UPDATE\s+\w+\s+SET|CREATE\s+(?:TABLE|INDEX|VIEW)|DELETE\s+FROM|ALTER\s+TABLE)\b/i, 4]],
  yaml: [[/^[\w-]+:\s*(?:[^\s{].*)?$/m, 1], [/^\s*-\s+[\w"']/m, 1], [/^(?:[\w-]+:[ \t]*(?:\S.*)?\n){2,}/m, 2], [/^---\s*$/m, 1]],
  diff: [[/^(?:\+\+\+|---) [^\n]+\n(?:\+\+\+|---) /m, 5], [/^@@ -\d+(?:,\d+)? \+\d+/m, 5]],
  dockerfile: [[/^\s*FROM\s+\S+/m, 2], [/^\s*(?:RUN|COPY|WORKDIR|ENTRYPOINT|CMD)\s/m, 2]],
  c: [[/#include\s*<\w+(?:\.h)?>/, 4], [/\bint\s+main\s*\(/, 2]],
  java: [[/\bpublic\s+(?:static\s+)?(?:class|void|final)\b/, 3], [/System\.out\.println/, 3]],
  php: [[/<\?php/, 6], [/\$\w+\s*=/, 1]],
};

/** The most likely shiki language id for `code`, or null when no language stands out. */
export function guessLanguage(code: string): string | null {
  const sample = code.length > 5000 ? code.slice(0, 5000) : code;
  if (!sample.trim()) return null;
  let best: string | null = null;
  let bestScore = 2;
  for (const [language, rules] of Object.entries(RULES)) {
    let score = 0;
    for (const [pattern, weight] of rules) if (pattern.test(sample)) score += weight;
    if (language === "json") score = isJson(sample) ? 10 : 0;
    if (score > bestScore) {
      best = language;
      bestScore = score;
    }
  }
  return best;
}

function isJson(code: string): boolean {
  const trimmed = code.trim();
  if (!/^[[{]/.test(trimmed)) return false;
  try {
    JSON.parse(trimmed);
    return true;
  } catch {
    return false;
  }
}
