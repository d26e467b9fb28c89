import { Fragment } from "react";

type Block = { kind: "list"; items: string[] } | { kind: "paragraph"; text: string };

const BULLET = /^\s*(?:[-*•]|\d+[.)])\s+/;

/** A plain-text summary as blocks: runs of "- " lines become a list, other lines paragraphs. */
export function summaryBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    const last = blocks.at(-1);
    if (BULLET.test(line)) {
      const item = line.replace(BULLET, "");
      if (last?.kind === "list") last.items.push(item);
      else blocks.push({ kind: "list", items: [item] });
    } else blocks.push({ kind: "paragraph", text: line });
  }
  return blocks;
}

/** Summary text as the reader shows it: never HTML, line breaks and bullets kept. */
export function SummaryText({ text, writing }: { text: string; writing?: boolean }) {
  const blocks = summaryBlocks(text);
  // While the summary is written, a caret follows its last word.
  const caret = (index: number) =>
    writing && index === blocks.length - 1 ? <span className="ml-0.5 inline-block h-[1em] w-1.5 animate-pulse rounded-sm bg-orange-500/70 align-[-0.15em]" aria-hidden /> : null;
  return (
    <div className="space-y-2">
      {blocks.map((block, index) => (
        <Fragment key={index}>
          {block.kind === "list" ? (
            <ul className="list-disc space-y-1 pl-5">
              {block.items.map((item, i) => (
                <li key={i}>
                  {item}
                  {i === block.items.length - 1 ? caret(index) : null}
                </li>
              ))}
            </ul>
          ) : (
            <p>
              {block.text}
              {caret(index)}
            </p>
          )}
        </Fragment>
      ))}
    </div>
  );
}
