import type { Context } from "hono";

/** A request's parameters from its query and its form body together, repeated names kept. */
export interface Params {
  get(name: string): string | undefined;
  all(name: string): string[];
}

const FORM = /^application\/x-www-form-urlencoded|^text\/plain|^$/i;

/**
 * Reader apps send parameters in the query, in a form body, or both (`i` many times in a POST);
 * some send a form without its content type. A multipart form is read as one too.
 */
export async function readParams(c: Context, options: { body: boolean }): Promise<Params> {
  const merged = new URLSearchParams(new URL(c.req.url).search);
  if (options.body && c.req.method === "POST") {
    const type = c.req.header("content-type") ?? "";
    if (/^multipart\/form-data/i.test(type)) {
      const form = await c.req.raw.formData();
      for (const [name, value] of form) if (typeof value === "string") merged.append(name, value);
    } else if (FORM.test(type.trim())) {
      for (const [name, value] of new URLSearchParams(await c.req.text())) merged.append(name, value);
    }
  }
  return {
    get: (name) => merged.get(name) ?? undefined,
    all: (name) => merged.getAll(name),
  };
}
