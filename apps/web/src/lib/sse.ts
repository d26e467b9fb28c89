/** One server-sent event: its name (`message` when the stream names none) and its data lines joined. */
export interface ServerEvent {
  event: string;
  data: string;
}

/**
 * Splits a `text/event-stream` into events as its bytes arrive, per the HTML standard's rules:
 * lines end in LF, CR or CRLF; `event:` names the event, `data:` lines add to its data, a blank
 * line dispatches it; comments (`:`), `id:` and `retry:` are ignored.
 */
export function createEventParser(onEvent: (event: ServerEvent) => void): { push: (chunk: string) => void; end: () => void } {
  let buffer = "";
  let name = "";
  let data: string[] = [];
  const dispatch = () => {
    if (data.length) onEvent({ event: name || "message", data: data.join("\n") });
    name = "";
    data = [];
  };
  const line = (text: string) => {
    if (text === "") return dispatch();
    if (text.startsWith(":")) return;
    const colon = text.indexOf(":");
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? "" : text.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "event") name = value;
    else if (field === "data") data.push(value);
  };
  return {
    push(chunk) {
      buffer += chunk;
      // A CR at the very end may be half of a CRLF: wait for the next chunk to know.
      const pattern = /\r\n|\r(?!$)|\n/g;
      let start = 0;
      for (let match = pattern.exec(buffer); match; match = pattern.exec(buffer)) {
        line(buffer.slice(start, match.index));
        start = match.index + match[0].length;
      }
      buffer = buffer.slice(start);
    },
    end() {
      if (buffer) line(buffer.replace(/\r$/, ""));
      buffer = "";
      dispatch();
    },
  };
}

/** Reads a response body as server-sent events, calling `onEvent` for each, until the stream ends. */
export async function readEventStream(response: Response, onEvent: (event: ServerEvent) => void): Promise<void> {
  const parser = createEventParser(onEvent);
  if (!response.body) {
    parser.push(await response.text());
    parser.end();
    return;
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    parser.push(value);
  }
  parser.end();
}
