const encoder = new TextEncoder();

/**
 * Texts written one after another as UTF-8 into one growing buffer. Each text is encoded once,
 * straight into the room left; only when it does not fit (rare: the buffer is sized for what is
 * expected) does the buffer double and the rest of the text follow. Words known to be ASCII are
 * written code unit by code unit, without a string of their own. It ends as a buffer exactly as
 * long as what was written ({@link finish}), or as the buffer written into, when little of it is
 * unused ({@link seal}: no copy of the bytes).
 */
export class BytePacker {
  #bytes: Uint8Array;
  #at = 0;

  /** `capacity`: the bytes expected (a fetched document's size is a good guess for its texts). */
  constructor(capacity = 64 * 1024) {
    this.#bytes = new Uint8Array(Math.max(1024, capacity));
  }

  /** Bytes written so far: where the next text starts. */
  get length(): number {
    return this.#at;
  }

  /** Makes room for `count` more bytes. */
  #reserve(count: number): void {
    const needed = this.#at + count;
    if (needed <= this.#bytes.length) return;
    const next = new Uint8Array(Math.max(needed, this.#bytes.length * 2));
    next.set(this.#bytes.subarray(0, this.#at));
    this.#bytes = next;
  }

  /** Appends `text` as UTF-8 (a lone surrogate becomes U+FFFD, as TextEncoder writes it). */
  text(text: string): void {
    if (text.length === 0) return;
    // At least a byte per UTF-16 unit; more only if the encoding turns out longer than the room.
    this.#reserve(text.length);
    const { read, written } = encoder.encodeInto(text, this.#bytes.subarray(this.#at));
    this.#at += written;
    if (read === text.length) return;
    // What is left, at its worst 3 bytes per unit (encodeInto never splits a surrogate pair).
    const rest = text.slice(read);
    this.#reserve(rest.length * 3);
    this.#at += encoder.encodeInto(rest, this.#bytes.subarray(this.#at)).written;
  }

  /** Appends `text[start, end)`, which must hold ASCII only (code units below 0x80). */
  ascii(text: string, start: number, end: number): void {
    this.#reserve(end - start);
    const bytes = this.#bytes;
    let at = this.#at;
    for (let i = start; i < end; i++) bytes[at++] = text.charCodeAt(i);
    this.#at = at;
  }

  /** Appends one byte (an ASCII character's code). */
  byte(value: number): void {
    this.#reserve(1);
    this.#bytes[this.#at++] = value;
  }

  /**
   * The bytes written, in a buffer of their own length; the packer is spent. Views of the ranges
   * recorded from {@link length} are made on it (`new Uint8Array(buffer, start, size)`).
   */
  finish(): ArrayBuffer {
    const buffer = this.#bytes.buffer as ArrayBuffer;
    const size = this.#at;
    this.#bytes = new Uint8Array(0);
    this.#at = 0;
    // Of the same length, a transfer moves the bytes without copying them.
    return buffer.transfer(size);
  }

  /**
   * The buffer written into, for views of the ranges recorded from {@link length}; the packer is
   * spent. Its bytes past what was written are no text. Trimmed (a copy) only when more than a
   * quarter of it is unused: trimming copied every byte again (a tenth of a reading thread's
   * packing on the reference workload).
   */
  seal(): ArrayBuffer {
    const buffer = this.#bytes.buffer as ArrayBuffer;
    if (this.#at < buffer.byteLength * 0.75) return this.finish();
    this.#bytes = new Uint8Array(0);
    this.#at = 0;
    return buffer;
  }
}
