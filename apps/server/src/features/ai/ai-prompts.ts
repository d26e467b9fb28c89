import type { ChatMessage } from "../../lib/ai/provider.ts";
import { languageName } from "./ai-languages.ts";

/** Article text a summary is made from, at most: longer articles are summarised from their start. */
export const SUMMARY_INPUT_CHARS = 24_000;

export function summaryPrompt(input: { title: string | null; text: string; language: string }): ChatMessage[] {
  return [
    {
      role: "system",
      content:
        `You summarise articles for the readers of a feed reader. Write in ${languageName(input.language)}, whatever the article's language. ` +
        "Give the essential point first, in 2 to 4 sentences, or up to 5 short bullet points starting with \"- \" when the article lists several things. " +
        "Plain text only: no title, no preamble such as \"This article\", no Markdown headings or bold.",
    },
    { role: "user", content: `${input.title ? `Title: ${input.title}\n\n` : ""}${input.text.slice(0, SUMMARY_INPUT_CHARS)}` },
  ];
}

export function translateTextPrompt(text: string, language: string): ChatMessage[] {
  return [
    {
      role: "system",
      content: `Translate the user's text into ${languageName(language)}. Answer with the translation only, with no quotes, notes or explanations.`,
    },
    { role: "user", content: text },
  ];
}

const MARKER = /^\s*\[\[(\d+)\]\]\s*$/;

/**
 * A prompt translating HTML fragments (an article's paragraphs) in one answer: each fragment is
 * sent after a marker line `[[n]]` and must come back after the same marker, inline markup kept.
 */
export function translateSegmentsPrompt(segments: string[], language: string): ChatMessage[] {
  return [
    {
      role: "system",
      content:
        `Translate each segment of the user's message into ${languageName(language)}. Segments are HTML fragments, each after a marker line such as [[1]]. ` +
        "Keep every HTML tag and attribute exactly as it is (translate only the text between tags), keep names, code and URLs as they are, " +
        "and answer with every marker line followed by its translated segment, in the same order, with nothing else.",
    },
    { role: "user", content: segments.map((segment, i) => `[[${i + 1}]]\n${segment}`).join("\n") },
  ];
}

/**
 * The translated segments of an answer to translateSegmentsPrompt, by position; null where one is
 * missing. A one-segment answer without its marker (small models drop it) is the segment.
 */
export function parseSegments(answer: string, count: number): (string | null)[] {
  const found: (string | null)[] = Array.from({ length: count }, () => null);
  if (count === 1 && !answer.split("\n").some((line) => MARKER.test(line))) {
    found[0] = answer.trim() || null;
    return found;
  }
  let current = -1;
  let lines: string[] = [];
  const flush = () => {
    if (current >= 0 && current < count) {
      const text = lines.join("\n").trim();
      if (text) found[current] = text;
    }
  };
  for (const line of answer.split("\n")) {
    const marker = MARKER.exec(line);
    if (marker) {
      flush();
      current = Number(marker[1]) - 1;
      lines = [];
    } else lines.push(line);
  }
  flush();
  return found;
}

export function dailyPrompt(input: { language: string; view: number; windowLabel: string; entries: { ref: string; title: string; feed: string | null; text: string }[] }): ChatMessage[] {
  const kind = input.view === 1 ? "social media posts" : "articles";
  return [
    {
      role: "system",
      content:
        `You write a short daily digest of the ${kind} a person received in their feed reader (${input.windowLabel}). Write in ${languageName(input.language)}, in Markdown. ` +
        "Group related items under a few \"## \" topic headings, most important first; under each, one bullet per item or group of items saying what is new in a sentence, " +
        "ending with the item's reference link exactly as given, e.g. [1](tidings:1). Skip trivial items. No introduction and no conclusion.",
    },
    {
      role: "user",
      content: input.entries.map((entry) => `[${entry.ref}] ${entry.title}${entry.feed ? ` — ${entry.feed}` : ""}\n${entry.text}`).join("\n\n"),
    },
  ];
}
