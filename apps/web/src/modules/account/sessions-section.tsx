import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Monitor } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../lib/format.ts";
import { accountApi, type DeviceSession } from "./account-api.ts";
import { accountKeys, deviceSessionsQuery } from "./account-queries.ts";
import { Badge, Button, messageOf, Panel } from "./ui.tsx";

/** A short name for a browser from its user agent ("Firefox on Linux"). */
export function deviceName(userAgent: string | null | undefined): string | null {
  if (!userAgent) return null;
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /Firefox\//.test(userAgent)
      ? "Firefox"
      : /Chrome\//.test(userAgent)
        ? "Chrome"
        : /Safari\//.test(userAgent)
          ? "Safari"
          : /Electron\//.test(userAgent)
            ? "Electron"
            : null;
  const os = /Windows/.test(userAgent) ? "Windows" : /Mac OS X|Macintosh/.test(userAgent) ? "macOS" : /Android/.test(userAgent) ? "Android" : /iPhone|iPad/.test(userAgent) ? "iOS" : /Linux/.test(userAgent) ? "Linux" : null;
  return [browser, os].filter(Boolean).join(" · ") || userAgent.slice(0, 60);
}

/** Where the account is signed in: device, address, last use; revoke one, or all but this one. */
export function SessionsSection({ currentId }: { currentId: string }) {
  const { t } = useTranslation("app");
  const queryClient = useQueryClient();
  const sessions = useQuery(deviceSessionsQuery);
  const [pending, setPending] = useState<string>();
  const [error, setError] = useState<string>();

  async function act(key: string, task: () => Promise<unknown>) {
    setPending(key);
    setError(undefined);
    try {
      await task();
      await queryClient.invalidateQueries({ queryKey: accountKeys.sessions });
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setPending(undefined);
    }
  }

  const list = [...(sessions.data ?? [])].sort((a, b) => Number(b.id === currentId) - Number(a.id === currentId) || b.updatedAt.localeCompare(a.updatedAt));
  const others = list.filter((s) => s.id !== currentId).length;
  return (
    <Panel id="sessions" title={t("account.sessions_title")} description={t("account.sessions_description")}>
      {sessions.isError ? <p role="alert" className="text-sm text-red-600">{messageOf(sessions.error)}</p> : null}
      <ul aria-label={t("account.sessions_title")} className="divide-y divide-zinc-100 dark:divide-zinc-800">
        {list.map((session: DeviceSession) => (
          <li key={session.id} className="flex items-center gap-3 py-2.5" data-testid="device-session">
            <Monitor className="size-5 shrink-0 text-zinc-400" aria-hidden />
            <div className="min-w-0 flex-1">
              <p className="flex items-center gap-2 truncate text-sm font-medium">
                {deviceName(session.userAgent) ?? t("account.unknown_device")}
                {session.id === currentId ? <Badge>{t("account.this_device")}</Badge> : null}
              </p>
              <p className="truncate text-xs text-zinc-500">
                {[session.ipAddress, t("account.last_active", { time: formatDateTime(session.updatedAt) })].filter(Boolean).join(" · ")}
              </p>
            </div>
            {session.id === currentId ? null : (
              <Button pending={pending === session.id} onClick={() => void act(session.id, () => accountApi.revokeSession(session.token))}>
                {t("account.revoke")}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {error ? <p role="alert" className="text-sm text-red-600 dark:text-red-400">{error}</p> : null}
      <div className="flex justify-end">
        <Button disabled={others === 0} pending={pending === "others"} onClick={() => void act("others", accountApi.revokeOtherSessions)}>
          {t("account.revoke_others")}
        </Button>
      </div>
    </Panel>
  );
}
