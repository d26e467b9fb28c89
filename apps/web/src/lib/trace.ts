const ALPHABET = "useandom-26T198340PX75pxJACKVERYMINDBUSHWOLF_GQZbfghjklqvwyzrict";
const TRACE_LENGTH = 21;

/** A random 21-character id (spec §9: trace ids are 21 characters). */
export function newTraceId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(TRACE_LENGTH));
  let id = "";
  for (const byte of bytes) id += ALPHABET[byte & 63];
  return id;
}

let sessionTraceId: string | undefined;

/** The trace id of this browser session, kept across reloads of the tab. */
export function getSessionTraceId(): string {
  if (sessionTraceId) return sessionTraceId;
  try {
    sessionTraceId = sessionStorage.getItem("tidings:trace-id") ?? newTraceId();
    sessionStorage.setItem("tidings:trace-id", sessionTraceId);
  } catch {
    sessionTraceId = newTraceId();
  }
  return sessionTraceId;
}
