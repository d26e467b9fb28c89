import type { FeedView } from "@tidings/contracts";
import i18next from "i18next";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { subscribe } from "../../actions/subscription.actions.ts";
import { ApiError, errorText } from "../../lib/api-client.ts";
import { layoutActions } from "../../store/layout.store.ts";
import { subscriptionTitle } from "../../store/subscriptions.store.ts";
import { timelinePath } from "../timeline/index.ts";
import { CategoryInput, PrimaryButton, SecondaryButton, SwitchField, ViewSelect } from "./form-fields.tsx";
import { normaliseFollowUrl } from "./follow-url.ts";
import { useCategorySuggestions } from "./use-categories.ts";

const translateCode = (code: number) => (i18next.exists(`errors:${code}`) ? i18next.t(`errors:${code}`) : undefined);

/** The message (and the server's reason, when it gave one) of a failed follow, for under the field. */
export function followErrorText(error: unknown): { message: string; reason?: string } {
  const message = errorText(error, translateCode);
  const reason = error instanceof ApiError && error.reason && error.reason !== message ? error.reason : undefined;
  return reason ? { message, reason } : { message };
}

/**
 * The follow form (spec §2 "follow form"): an address, the view, a category, a title and
 * privacy. On success the new feed's timeline opens; on failure the server's reason shows under
 * the address (feed not found, fetch or parse errors…).
 */
export function FollowForm({ view: initialView, url: initialUrl = "", onDone }: { view: FeedView; url?: string; onDone: () => void }) {
  const { t } = useTranslation("app");
  const navigate = useNavigate();
  const urlId = useId();
  const categories = useCategorySuggestions();
  const [url, setUrl] = useState(initialUrl);
  const [view, setView] = useState<FeedView>(initialView);
  const [category, setCategory] = useState("");
  const [title, setTitle] = useState("");
  const [isPrivate, setPrivate] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<{ message: string; reason?: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = normaliseFollowUrl(url);
    if (!address) {
      setError({ message: t("follow.invalid_url") });
      return;
    }
    setPending(true);
    setError(null);
    try {
      const created = await subscribe({ url: address, view, category, isPrivate, title });
      onDone();
      toast.success(t("follow.followed", { title: created ? subscriptionTitle(created) : address }));
      if (created && "feedId" in created) {
        void navigate(timelinePath(created.view, { kind: "feeds", feedIds: [created.feedId] }));
        layoutActions.setDrawer(false);
      }
    } catch (caught) {
      setError(followErrorText(caught));
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-4 p-5" noValidate>
      <div className="space-y-1">
        <label htmlFor={urlId} className="block text-sm font-medium text-zinc-700 dark:text-zinc-300">
          {t("follow.url")}
        </label>
        <input
          id={urlId}
          name="url"
          type="text"
          inputMode="url"
          autoFocus
          autoComplete="off"
          spellCheck={false}
          value={url}
          placeholder="https://example.com/feed.xml"
          onChange={(event) => setUrl(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${urlId}-error` : `${urlId}-hint`}
          className="w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 font-mono text-sm outline-none focus:border-orange-500 focus:ring-2 focus:ring-orange-500/20 aria-invalid:border-red-500 dark:border-zinc-700 dark:bg-zinc-900"
        />
        {error ? (
          <div id={`${urlId}-error`} role="alert" className="text-xs text-red-600 dark:text-red-400">
            <p>{error.message}</p>
            {error.reason ? <p className="mt-0.5 break-all text-red-500/80">{error.reason}</p> : null}
          </div>
        ) : (
          <p id={`${urlId}-hint`} className="text-xs text-zinc-500">
            {t("follow.url_hint")}
          </p>
        )}
      </div>
      <div className="grid grid-cols-2 gap-3">
        <ViewSelect value={view} onChange={setView} label={t("follow.view")} />
        <CategoryInput value={category} onChange={setCategory} suggestions={categories} label={t("follow.category")} placeholder={t("follow.category_placeholder")} />
      </div>
      <div className="space-y-1">
        <label htmlFor={`${urlId}-title`} className="block text-sm font-medium text-zinc-700 dark:text-zinc-300">
          {t("follow.title")}
        </label>
        <input
          id={`${urlId}-title`}
          name="title"
          value={title}
          maxLength={300}
          placeholder={t("follow.title_placeholder")}
          onChange={(event) => setTitle(event.target.value)}
          className="w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm outline-none focus:border-orange-500 focus:ring-2 focus:ring-orange-500/20 dark:border-zinc-700 dark:bg-zinc-900"
        />
      </div>
      <SwitchField checked={isPrivate} onChange={setPrivate} label={t("follow.private")} description={t("follow.private_description")} />
      <div className="flex justify-end gap-2 pt-1">
        <SecondaryButton onClick={onDone}>{t("modal.cancel")}</SecondaryButton>
        <PrimaryButton pending={pending}>{t("follow.submit")}</PrimaryButton>
      </div>
    </form>
  );
}
