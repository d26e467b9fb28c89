import type { Api } from "./api.ts";

/** Makes an app password through the product API, as Settings → Apps does. */
export async function appPassword(api: Api, name = "Reeder"): Promise<{ id: string; password: string }> {
  const made = await api.post<{ id: string; name: string; password: string }>("/app-passwords", { name });
  if (made.status !== 200) throw new Error(`app password: ${made.status} ${JSON.stringify(made.body)}`);
  return made.body.data!;
}
