const encoder = new TextEncoder();

/**
 * Texts written one after another as UTF-8 into one growing buffer, ending as a buffer exactly
 * as long as what was written (ArrayBuffer.transfer: trimmed in place where the allocator can).
 * Where each text used to be measured (a pass over it) then encoded into a buffer of the summed
 * size, it is encoded once, into room reserved for its worst case (3 bytes per UTF-16 unit); the
 * buffer doubles when that room runs out, so a read copies its bytes about once more at most.
 * Words known to be ASCII are written code unit by code unit, without a string of their own.
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
    this.#reserve(text.length * 3);
    this.#at += encoder.encodeInto(text, this.#bytes.subarray(this.#at)).written;
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
    return buffer.transfer(size);
  }
}
