/** `GET /ai/config`: what the AI helpers can do for this reader today. */
export interface AiConfig {
  /** A chat provider is configured (the reader's own or the instance's). */
  chat: boolean;
  /** `POST /ai/speech` answers audio; otherwise the browser speaks. */
  speech: boolean;
  source: "user" | "instance" | null;
  model: string | null;
  /** Provider calls allowed per day; null: no limit. */
  dailyLimit: number | null;
  usedToday: number;
}

/** `GET /ai/settings`: the reader's own provider. The key itself never comes back. */
export interface AiSettings {
  baseUrl: string | null;
  model: string | null;
  apiKeySet: boolean;
  /** The key's last characters, e.g. "…a1b2". */
  apiKeyHint: string | null;
}

/** `PUT /ai/settings`: an omitted field stays as it is, null clears it. */
export type AiSettingsPatch = { [K in "baseUrl" | "apiKey" | "model"]?: string | null };
