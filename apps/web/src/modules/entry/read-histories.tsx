import type { PublicUser } from "@tidings/contracts";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api } from "../../lib/api-client.ts";
import { useConnectivity } from "../../lib/connectivity.ts";
import { useUISetting } from "../../store/settings.store.ts";
import { entryKeys } from "./entry-query.ts";

/** How many reader avatars the header shows; the rest is a "+N". */
export const READERS_SHOWN = 5;

interface ReadHistories {
  users: Record<string, PublicUser>;
  entryReadHistories: { userIds: string[]; readCount: number } | null;
  total: number;
}

function Avatar({ user }: { user: PublicUser }) {
  const name = user.name ?? user.handle ?? "?";
  const base = "size-6 rounded-full ring-2 ring-white dark:ring-zinc-950";
  return user.image ? (
    <img src={user.image} alt={name} title={name} className={`${base} object-cover`} loading="lazy" referrerPolicy="no-referrer" />
  ) : (
    <span title={name} className={`${base} flex items-center justify-center bg-zinc-200 text-[0.6rem] font-semibold text-zinc-600 dark:bg-zinc-700 dark:text-zinc-200`}>
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}

/**
 * Avatars of people who recently read the entry (GET /entries/read-histories/:id), with "+N" for
 * the others. Hidden with the `hideRecentReader` setting, offline, and when nobody else read it.
 */
export function ReadHistories({ entryId }: { entryId: string }) {
  const { t } = useTranslation("app");
  const hidden = useUISetting("hideRecentReader");
  const online = useConnectivity((state) => state.online);
  const { data } = useQuery({
    queryKey: entryKeys.readers(entryId, READERS_SHOWN),
    queryFn: ({ signal }) => api<ReadHistories>(`entries/read-histories/${entryId}`, { query: { size: READERS_SHOWN }, signal }),
    enabled: !hidden && online,
  });
  if (hidden || !data) return null;
  const users = (data.entryReadHistories?.userIds ?? []).map((id) => data.users[id]).filter((user): user is PublicUser => !!user);
  if (users.length === 0) return null;
  const shown = users.slice(0, READERS_SHOWN);
  const more = Math.max(0, data.total - shown.length);
  return (
    <div className="flex items-center gap-1.5" aria-label={t("entry.readers_count", { count: data.total })} title={t("entry.readers_count", { count: data.total })} data-testid="read-histories" data-print-hide>
      <div className="flex -space-x-1.5">
        {shown.map((user) => (
          <Avatar key={user.id} user={user} />
        ))}
      </div>
      {more > 0 ? <span className="text-xs text-zinc-500 tabular-nums">{t("entry.readers_more", { count: more })}</span> : null}
    </div>
  );
}
