import type { Context, Env } from "hono";

/**
 * A request's parameters from its form body and its query together (the body's first), repeated
 * names kept: what the reader-app protocols (Google Reader, Fever) send, in either place or both.
 */
export interface RequestParams {
  get(name: string): string | undefined;
  all(name: string): string[];
  has(name: string): boolean;
}

const FORM = /^application\/x-www-form-urlencoded|^text\/plain|^$/i;

/**
 * Reads the parameters of a request: a form body (some apps send one without its content type;
 * a multipart form is read as one too) when `body`, then the query. A body that is no form, or a
 * malformed one, adds nothing.
 */
export async function readParams<E extends Env>(c: Context<E>, options: { body: boolean }): Promise<RequestParams> {
  const merged = new URLSearchParams();
  if (options.body && c.req.method === "POST") {
    const type = (c.req.header("content-type") ?? "").trim();
    try {
      if (/^multipart\/form-data/i.test(type)) {
        for (const [name, value] of await c.req.raw.formData()) if (typeof value === "string") merged.append(name, value);
      } else if (FORM.test(type)) {
        for (const [name, value] of new URLSearchParams(await c.req.text())) merged.append(name, value);
      }
    } catch {
      // Not a readable form: the query alone.
    }
  }
  for (const [name, value] of new URL(c.req.url).searchParams) merged.append(name, value);
  return {
    get: (name) => merged.get(name) ?? undefined,
    all: (name) => merged.getAll(name),
    has: (name) => merged.has(name),
  };
}
