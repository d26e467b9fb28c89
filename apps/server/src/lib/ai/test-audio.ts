// Silent audio for the OpenAI test server: real files a player or decoder accepts, a few
// hundred milliseconds long, built byte by byte so no fixture file is needed.

// MPEG-1 Layer III, 128 kbit/s, 44.1 kHz, mono, no CRC, no padding: 144 * 128000 / 44100 = 417
// bytes a frame. After the 4-byte header, 17 zero bytes of side information declare no main
// data at all, which decodes as silence; the rest of the frame is zero padding.
const MP3_HEADER = [0xff, 0xfb, 0x90, 0xc4];
const MP3_FRAME_BYTES = 417;

/** `frames` silent MP3 frames (26 ms each), the shape OpenAI's `/audio/speech` answers in. */
export function silentMp3(frames = 12): Buffer {
  const frame = Buffer.alloc(MP3_FRAME_BYTES);
  frame.set(MP3_HEADER);
  return Buffer.concat(Array.from({ length: frames }, () => frame));
}

/** A silent 16-bit mono PCM WAV file at 24 kHz (OpenAI's speech sample rate). */
export function silentWav(milliseconds = 250): Buffer {
  const sampleRate = 24_000;
  const dataBytes = Math.round((sampleRate * milliseconds) / 1000) * 2;
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "ascii");
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write("WAVEfmt ", 8, "ascii");
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28); // bytes per second
  header.writeUInt16LE(2, 32); // block align
  header.writeUInt16LE(16, 34); // bits per sample
  header.write("data", 36, "ascii");
  header.writeUInt32LE(dataBytes, 40);
  return Buffer.concat([header, Buffer.alloc(dataBytes)]);
}
