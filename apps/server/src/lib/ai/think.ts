const OPEN = "<think>";
const CLOSE = "</think>";

/**
 * Removes the leading `<think>…</think>` block that reasoning models (DeepSeek-R1, Qwen3 via
 * Ollama) write before their answer, from a stream of text deltas: nothing is released until
 * it is clear whether the answer opens with such a block, and the whitespace after the block
 * goes too. Text that merely contains "<think>" later on is left alone. A block that never
 * closes (the model ran out of tokens while reasoning) leaves no answer at all.
 */
export class ThinkStripper {
  #state: "start" | "thinking" | "after" | "answer" = "start";
  #buffer = "";

  /** The part of the answer that can be released now (often ""). */
  push(delta: string): string {
    if (this.#state === "answer") return delta;
    this.#buffer += delta;
    if (this.#state === "start") {
      const head = this.#buffer.trimStart();
      if (head.length < OPEN.length && OPEN.startsWith(head)) return "";
      if (!head.startsWith(OPEN)) return this.#release(this.#buffer);
      this.#state = "thinking";
    }
    if (this.#state === "thinking") {
      const end = this.#buffer.indexOf(CLOSE);
      if (end === -1) return "";
      this.#buffer = this.#buffer.slice(end + CLOSE.length);
      this.#state = "after";
    }
    const rest = this.#buffer.trimStart();
    return rest === "" ? "" : this.#release(rest);
  }

  /** What is still held back once the text is complete: a short start that was not a block after all. */
  end(): string {
    return this.#state === "start" ? this.#release(this.#buffer) : "";
  }

  #release(text: string): string {
    this.#state = "answer";
    this.#buffer = "";
    return text;
  }
}

/** A whole answer without its leading think block (the same rules as ThinkStripper). */
export function stripThinkBlock(text: string): string {
  const stripper = new ThinkStripper();
  return stripper.push(text) + stripper.end();
}
