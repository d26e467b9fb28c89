import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { openFollowDialog } from "../follow/index.ts";

const PREFIXES = { rss: ["https://", "http://"], rsshub: ["rsshub://"] } as const;

/** Keeps what is typed starting with one of the prefixes (facts §4: the RSS and RSSHub tabs force theirs). */
export function withPrefix(text: string, kind: keyof typeof PREFIXES): string {
  const trimmed = text.trimStart();
  const prefixes: readonly string[] = PREFIXES[kind];
  if (prefixes.some((prefix) => trimmed.toLowerCase().startsWith(prefix))) return trimmed;
  const bare = trimmed.replace(/^[a-z][a-z0-9+.-]*:\/*/i, "");
  return `${prefixes[0]}${bare}`;
}

/**
 * The RSS and RSSHub tabs: an address that keeps its scheme (`https://` or `rsshub://`); submitting
 * opens the follow dialog with it, which previews and follows the feed.
 */
export function UrlFollow({ kind }: { kind: "rss" | "rsshub" }) {
  const { t } = useTranslation("app");
  const id = useId();
  const [text, setText] = useState<string>(PREFIXES[kind][0]);
  const empty = PREFIXES[kind].some((prefix) => text.trim().toLowerCase() === prefix);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!empty) openFollowDialog({ view: 0, url: text.trim() });
  };

  return (
    <form onSubmit={submit} className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-zinc-700 dark:text-zinc-300">
        {t(kind === "rss" ? "discover.rss_label" : "discover.rsshub_label")}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          name="url"
          value={text}
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder={kind === "rss" ? "https://example.com/feed.xml" : "rsshub://github/issue/DIYgod/RSSHub"}
          onChange={(event) => setText(withPrefix(event.target.value, kind))}
          className="min-w-0 flex-1 rounded-lg border border-zinc-300 bg-white px-3 py-2 font-mono text-sm outline-none focus:border-orange-500 focus:ring-2 focus:ring-orange-500/20 dark:border-zinc-700 dark:bg-zinc-900"
        />
        <button type="submit" disabled={empty} className="rounded-lg bg-orange-500 px-4 py-2 text-sm font-medium text-white hover:bg-orange-600 disabled:opacity-50">
          {t("discover.preview_follow")}
        </button>
      </div>
      <p className="text-xs text-zinc-500">{t(kind === "rss" ? "discover.rss_hint" : "discover.rsshub_hint")}</p>
    </form>
  );
}
