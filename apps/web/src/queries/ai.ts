import type { AiConfig, AiSettings, AiSettingsPatch } from "@tidings/contracts";
import { queryOptions } from "@tanstack/react-query";
import { api, ApiError } from "../lib/api-client.ts";
import { shouldRetry } from "../lib/query-client.ts";

export type { AiConfig, AiSettings, AiSettingsPatch };

/** The two views with a daily report: Articles and SocialMedia. */
export type DailyView = 0 | 1;

/** Whether an error is one of the AI helpers' own (11000–11003): asking again will not help soon. */
export const isAiError = (error: unknown): boolean => error instanceof ApiError && error.code !== undefined && error.code >= 11000 && error.code < 12000;

/** Queries of the AI helpers retry like others (spec §7), except on the helpers' own errors. */
export const retryUnlessAiError = (failureCount: number, error: unknown): boolean => !isAiError(error) && shouldRetry(failureCount, error);

export const aiKeys = {
  all: ["ai"] as const,
  config: () => ["ai", "config"] as const,
  settings: () => ["ai", "settings"] as const,
  daily: (view: DailyView, startDate: number, timeZone: string, language: string) => ["ai", "daily", view, startDate, timeZone, language] as const,
};

export const aiConfigQuery = () =>
  queryOptions({
    queryKey: aiKeys.config(),
    queryFn: ({ signal }) => api<AiConfig>("ai/config", { signal }),
    // Usage moves with every call; the settings page and the actions want a fresh look.
    staleTime: 30_000,
  });

export const aiSettingsQuery = () =>
  queryOptions({
    queryKey: aiKeys.settings(),
    queryFn: ({ signal }) => api<AiSettings>("ai/settings", { signal }),
  });

export function saveAiSettings(patch: AiSettingsPatch): Promise<AiSettings> {
  return api<AiSettings>("ai/settings", { method: "PUT", json: patch });
}

/** `GET /ai/daily`: the Markdown digest of one 12-hour window of a view. */
export const dailyReportQuery = (view: DailyView, startDate: number, timeZone: string, language: string) =>
  queryOptions({
    queryKey: aiKeys.daily(view, startDate, timeZone, language),
    queryFn: ({ signal }) => api<string>("ai/daily", { query: { view, startDate, tz: timeZone, language }, signal }),
    retry: retryUnlessAiError,
    staleTime: 30 * 60_000,
  });
