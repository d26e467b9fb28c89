import type { Entry } from "@tidings/contracts";
import { Download, FileText } from "lucide-react";
import type { MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { AudioCover, formatDuration, parseDuration, VideoPlayer } from "../player/index.ts";
import { attachmentKind, fileName, formatBytes } from "./attachment-kind.ts";

export interface EntryAttachmentsProps {
  entry: Entry;
  feedTitle: string | null;
  cover: string | null;
  onLinkClick: (url: string, event: MouseEvent<HTMLElement>) => void;
}

/**
 * What came with the entry besides its text: audio (played in the floating player bar), video
 * (the inline player), and other files, listed with their size.
 */
export function EntryAttachments({ entry, feedTitle, cover, onLinkClick }: EntryAttachmentsProps) {
  const { t, i18n } = useTranslation("app");
  const attachments = (entry.attachments ?? []).filter((attachment) => /^https?:\/\//i.test(attachment.url));
  if (attachments.length === 0) return null;
  const audio = attachments.filter((a) => attachmentKind(a) === "audio");
  const video = attachments.filter((a) => attachmentKind(a) === "video");
  const files = attachments.filter((a) => attachmentKind(a) === "file");
  const videoPoster = entry.media?.find((m) => m.type === "video")?.preview_image_url ?? cover;

  return (
    <div className="mb-8 space-y-4" data-testid="entry-attachments">
      {audio.map((attachment) => {
        const seconds = parseDuration(attachment.duration_in_seconds ?? null);
        const title = attachment.title || entry.title || fileName(attachment.url);
        return (
          <div key={attachment.url} className="flex items-center gap-4 rounded-xl border border-zinc-200 bg-zinc-50 p-3 dark:border-zinc-800 dark:bg-zinc-900">
            <AudioCover src={attachment.url} entryId={entry.id} title={entry.title} feedTitle={feedTitle} image={cover} duration={attachment.duration_in_seconds ?? null} className="size-16" />
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium text-zinc-900 dark:text-zinc-100">{title}</p>
              <p className="text-sm text-zinc-500 tabular-nums">
                {[t("entry.audio"), seconds ? formatDuration(seconds) : null, attachment.size_in_bytes ? formatBytes(attachment.size_in_bytes, i18n.language) : null]
                  .filter(Boolean)
                  .join(" · ")}
              </p>
            </div>
          </div>
        );
      })}
      {video.map((attachment) => (
        <VideoPlayer key={attachment.url} src={attachment.url} poster={videoPoster} title={attachment.title || entry.title} className="w-full overflow-hidden rounded-xl" />
      ))}
      {files.length > 0 ? (
        <section aria-label={t("entry.attachments")}>
          <h2 className="mb-2 text-xs font-semibold tracking-wide text-zinc-500 uppercase">{t("entry.attachments")}</h2>
          <ul className="divide-y divide-zinc-200 rounded-xl border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
            {files.map((attachment) => (
              <li key={attachment.url}>
                <a
                  href={attachment.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="flex items-center gap-3 px-3 py-2 text-sm hover:bg-zinc-50 dark:hover:bg-zinc-900"
                  onClick={(event) => onLinkClick(attachment.url, event)}
                >
                  <FileText className="size-4 shrink-0 text-zinc-400" aria-hidden />
                  <span className="min-w-0 flex-1 truncate">{attachment.title || fileName(attachment.url)}</span>
                  {attachment.size_in_bytes ? <span className="text-zinc-500 tabular-nums">{formatBytes(attachment.size_in_bytes, i18n.language)}</span> : null}
                  <Download className="size-4 shrink-0 text-zinc-400" aria-label={t("entry.download")} />
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
