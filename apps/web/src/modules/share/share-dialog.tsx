import clsx from "clsx";
import i18next from "i18next";
import { Check, Copy, Share2, Type } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { QrCode } from "../account/index.ts";
import { modal } from "../modal/index.ts";
import { useCopy } from "../toast/index.ts";
import { type ShareLink, shareLinks, type ShareSubject } from "./share-links.ts";
import { SOCIAL_TARGETS } from "./social-targets.ts";

export const SHARE_MODAL_ID = "share-dialog";

/** Opens the share dialog (spec §2 "share dialog") for an entry, a feed, a list or a person. */
export function openShareDialog(subject: ShareSubject): void {
  modal.present({
    id: SHARE_MODAL_ID,
    title: i18next.t("app:share_dialog.title"),
    size: "lg",
    content: () => <ShareDialog subject={subject} origin={window.location.origin} />,
  });
}

const button =
  "inline-flex items-center justify-center gap-1.5 rounded-lg border border-zinc-300 px-3 py-1.5 text-sm font-medium hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800";

/**
 * The link (for an entry: the original article or its page here), copy link, copy title, the
 * system share sheet where the browser has one, social targets and a QR code of the link.
 */
export function ShareDialog({ subject, origin }: { subject: ShareSubject; origin: string }) {
  const { t } = useTranslation("app");
  const links = shareLinks(subject, origin);
  const [chosen, setChosen] = useState<ShareLink["kind"]>(links[0]?.kind ?? "page");
  const link = links.find((candidate) => candidate.kind === chosen) ?? links[0];
  const linkCopy = useCopy();
  const titleCopy = useCopy();
  const fieldId = useId();
  const title = subject.title.trim();
  if (!link) return <p className="p-5 text-sm text-zinc-500">{t("share_dialog.nothing")}</p>;
  const canShare = typeof navigator.share === "function";

  const copyLink = () =>
    void linkCopy.copy(link.url).then(
      () => toast.success(t("share_dialog.link_copied")),
      () => undefined,
    );
  const copyTitle = () =>
    void titleCopy.copy(title).then(
      () => toast.success(t("share_dialog.title_copied")),
      () => undefined,
    );
  const systemShare = () => void navigator.share({ url: link.url, ...(title ? { title } : {}) }).catch(() => undefined);

  return (
    <div className="flex flex-col gap-5 p-5 sm:flex-row" data-testid="share-dialog">
      <figure className="flex shrink-0 flex-col items-center gap-2">
        <QrCode text={link.url} label={t("share_dialog.qr_label")} size={168} />
        <figcaption className="max-w-40 text-center text-xs text-zinc-500">{t("share_dialog.qr_hint")}</figcaption>
      </figure>
      <div className="flex min-w-0 flex-1 flex-col gap-4">
        {title ? <p className="line-clamp-2 font-medium" data-testid="share-dialog-subject">{title}</p> : null}
        {links.length > 1 ? (
          <div
            role="radiogroup"
            aria-label={t("share_dialog.which_link")}
            className="flex gap-1 rounded-lg bg-zinc-100 p-1 text-sm dark:bg-zinc-800"
            onKeyDown={(event) => {
              // Arrow keys move the choice, as in any radio group.
              if (!["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"].includes(event.key)) return;
              event.preventDefault();
              const next = links[(links.indexOf(link) + 1) % links.length]!;
              setChosen(next.kind);
              event.currentTarget.querySelector<HTMLElement>(`[data-link-kind="${next.kind}"]`)?.focus();
            }}
          >
            {links.map((candidate) => (
              <button
                key={candidate.kind}
                type="button"
                role="radio"
                data-link-kind={candidate.kind}
                aria-checked={candidate.kind === link.kind}
                tabIndex={candidate.kind === link.kind ? 0 : -1}
                onClick={() => setChosen(candidate.kind)}
                className={clsx("flex-1 rounded-md px-2 py-1 font-medium", candidate.kind === link.kind ? "bg-white shadow-xs dark:bg-zinc-900" : "text-zinc-500 hover:text-zinc-800 dark:hover:text-zinc-200")}
              >
                {candidate.kind === "original" ? t("share_dialog.original") : t("share_dialog.page")}
              </button>
            ))}
          </div>
        ) : null}
        <div className="flex flex-col gap-1">
          <label htmlFor={fieldId} className="text-xs font-medium text-zinc-500">
            {t("share_dialog.link")}
          </label>
          <div className="flex gap-2">
            <input
              id={fieldId}
              readOnly
              value={link.url}
              onFocus={(event) => event.currentTarget.select()}
              className="min-w-0 flex-1 rounded-lg border border-zinc-300 bg-zinc-50 px-3 py-1.5 font-mono text-xs outline-none focus:border-orange-500 dark:border-zinc-700 dark:bg-zinc-950"
            />
            <button type="button" onClick={copyLink} className="inline-flex shrink-0 items-center gap-1.5 rounded-lg bg-orange-500 px-3 py-1.5 text-sm font-medium text-white hover:bg-orange-600">
              {linkCopy.copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
              {t("share_dialog.copy_link")}
            </button>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          {title ? (
            <button type="button" onClick={copyTitle} className={button}>
              {titleCopy.copied ? <Check className="size-4" aria-hidden /> : <Type className="size-4" aria-hidden />}
              {t("share_dialog.copy_title")}
            </button>
          ) : null}
          {canShare ? (
            <button type="button" onClick={systemShare} className={button}>
              <Share2 className="size-4" aria-hidden />
              {t("share_dialog.system_share")}
            </button>
          ) : null}
        </div>
        <section aria-label={t("share_dialog.social")}>
          <h3 className="mb-2 text-xs font-medium text-zinc-500">{t("share_dialog.social")}</h3>
          <ul className="grid grid-cols-2 gap-1.5 sm:grid-cols-3">
            {SOCIAL_TARGETS.map((target) => {
              const name = target.id === "email" ? t("share_dialog.email") : target.name;
              return (
                <li key={target.id}>
                  <a
                    href={target.intent({ url: link.url, title })}
                    target={target.id === "email" ? undefined : "_blank"}
                    rel="noopener noreferrer"
                    aria-label={t("share_dialog.share_on", { name })}
                    data-share-target={target.id}
                    className="flex items-center gap-2 rounded-lg px-2 py-1.5 text-sm hover:bg-zinc-100 dark:hover:bg-zinc-800"
                  >
                    <span aria-hidden className="size-2.5 shrink-0 rounded-full ring-1 ring-black/10 dark:ring-white/20" style={{ background: target.color }} />
                    <span className="truncate">{name}</span>
                  </a>
                </li>
              );
            })}
          </ul>
        </section>
      </div>
    </div>
  );
}
