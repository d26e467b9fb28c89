import { Hono, type MiddlewareHandler } from "hono";
import { streamSSE } from "hono/streaming";
import { z } from "zod";
import { AppError } from "../../errors.ts";
import type { AppEnv } from "../../http/context.ts";
import { ok } from "../../http/respond.ts";
import { idSchema } from "../../http/schemas.ts";
import { currentUser } from "../../http/session.ts";
import { validate } from "../../http/validate.ts";
import { LANGUAGE_TAG } from "./ai-languages.ts";
import { TRANSLATABLE, type TranslatableField } from "./ai-translation.ts";
import type { AiService } from "./ai.service.ts";
import { isTimeZone } from "./daily-window.ts";

const language = z.string().regex(LANGUAGE_TAG, "must be a language tag such as en, ja, zh-CN").default("en");
const summaryQuery = z.object({
  id: idSchema,
  language,
  target: z.enum(["content", "readabilityContent"]).default("content"),
  stream: z.enum(["0", "1", "true", "false"]).optional(),
});
const translationQuery = z.object({
  id: idSchema,
  language,
  fields: z
    .string()
    .default("title,description,content")
    .transform((value) => [...new Set(value.split(",").map((field) => field.trim()).filter(Boolean))])
    .refine((fields) => fields.length > 0 && fields.every((field) => (TRANSLATABLE as readonly string[]).includes(field)), `fields must be a comma list of ${TRANSLATABLE.join(", ")}`)
    .transform((fields) => fields as TranslatableField[]),
  part: z.coerce.number().int().min(0).max(10_000).optional(),
});
const dailyQuery = z.object({
  view: z.enum(["0", "1"]).transform(Number).pipe(z.union([z.literal(0), z.literal(1)])),
  startDate: z.coerce.number().int().min(0),
  tz: z.string().refine(isTimeZone, "must be an IANA time zone such as Europe/Paris").default("UTC"),
  language,
});
const speechBody = z.object({ id: idSchema, voice: z.string().max(100).optional(), speed: z.number().min(0.25).max(4).optional() });
const settingsBody = z.object({
  baseUrl: z.string().max(2000).nullable().optional(),
  apiKey: z.string().max(4000).nullable().optional(),
  model: z.string().max(200).nullable().optional(),
});

/** `/api/ai`: summaries (whole or streamed), translations, daily reports, speech, the reader's provider. */
export function aiRoutes(deps: { ai: AiService; requireUser: MiddlewareHandler<AppEnv> }) {
  const { ai } = deps;
  return new Hono<AppEnv>()
    .use(deps.requireUser)
    .get("/config", async (c) => ok(c, await ai.config(currentUser(c))))
    .get("/summary", validate("query", summaryQuery), async (c) => {
      const { stream, ...query } = c.req.valid("query");
      const user = currentUser(c);
      if (stream !== "1" && stream !== "true") return ok(c, await ai.summaries.summary(user, query));
      const events = ai.summaries.events(user, query);
      // The entry must be found (or not) before the stream starts: a 404 stays a 404.
      const first = await events.next();
      return streamSSE(c, async (sse) => {
        try {
          for (let next = first; !next.done; next = await events.next()) {
            const event = next.value;
            if (event.type === "delta") await sse.writeSSE({ event: "delta", data: JSON.stringify({ text: event.text }) });
            else await sse.writeSSE({ event: "done", data: JSON.stringify({ summary: event.summary, extractive: event.extractive }) });
          }
        } catch (error) {
          const body = error instanceof AppError ? error.toBody() : { code: 1005, message: "Internal error" };
          await sse.writeSSE({ event: "error", data: JSON.stringify(body) });
        } finally {
          // A reader who left: the generation stops and whoever waits on it is told.
          await events.return(undefined);
        }
      });
    })
    .get("/translation", validate("query", translationQuery), async (c) => ok(c, await ai.translations.translate(currentUser(c), c.req.valid("query"))))
    .get("/daily", validate("query", dailyQuery), async (c) => {
      const { tz, ...query } = c.req.valid("query");
      return ok(c, await ai.daily.report(currentUser(c), { ...query, timeZone: tz }));
    })
    .post("/speech", validate("json", speechBody), async (c) => {
      const audio = await ai.speech(currentUser(c), c.req.valid("json"));
      return c.body(audio.body, 200, { "content-type": audio.contentType, "cache-control": "private, max-age=3600" });
    })
    .get("/settings", async (c) => ok(c, await ai.settings(currentUser(c))))
    .put("/settings", validate("json", settingsBody), async (c) => ok(c, await ai.saveSettings(currentUser(c), c.req.valid("json"))));
}
