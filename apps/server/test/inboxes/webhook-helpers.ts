import type { TestApp } from "../helpers/app.ts";

/** Calls the public webhook of an inbox (no session), answering status and body. */
export async function sendToInbox(t: TestApp, headers: { handle?: string; secret?: string; cookie?: string }, body: unknown) {
  const response = await t.request("/api/inboxes/webhook", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(headers.handle !== undefined ? { "X-Follow-Handle": headers.handle } : {}),
      ...(headers.secret !== undefined ? { "X-Follow-Secret": headers.secret } : {}),
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
    ...(headers.cookie ? { cookie: headers.cookie } : {}),
  });
  return { status: response.status, body: (await response.json()) as { code: number; data?: { id: string }; reason?: string } };
}
