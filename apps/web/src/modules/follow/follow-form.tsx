import { ErrorCode, type FeedView, type Subscription } from "@tidings/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import i18next from "i18next";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { subscribe, updateSubscription } from "../../actions/subscription.actions.ts";
import { CategoryInput, PrimaryButton, SecondaryButton, SwitchField, ViewSelect } from "../../components/form-fields.tsx";
import { ApiError, errorText } from "../../lib/api-client.ts";
import { layoutActions } from "../../store/layout.store.ts";
import { subscriptionKey, subscriptionTitle } from "../../store/subscriptions.store.ts";
import { timelinePath } from "../timeline/index.ts";
import { feedPreviewQuery, listPreviewQuery } from "./follow-queries.ts";
import { normaliseFollowUrl } from "./follow-url.ts";
import { prefill } from "./prefill.ts";
import { useListFee } from "./list-fee.ts";
import { FeedPreviewCard, ListPreviewCard, PreviewLoading } from "./source-preview.tsx";
import { type FollowFields, fieldsOf, subscriptionPatch } from "./subscription-patch.ts";
import { useCategorySuggestions } from "./use-categories.ts";
import { useDebounced } from "./use-debounced.ts";

/** How long typing must pause before the preview asks the server about the address. */
export const PREVIEW_DELAY = 400;

const translateCode = (code: number) => (i18next.exists(`errors:${code}`) ? i18next.t(`errors:${code}`) : undefined);

/** The message (and the server's reason, when it gave one) of a failed follow, for under the field. */
export function followErrorText(error: unknown): { message: string; reason?: string } {
  const message = errorText(error, translateCode);
  const reason = error instanceof ApiError && error.reason && error.reason !== message ? error.reason : undefined;
  return reason ? { message, reason } : { message };
}

/** Whether a follow was refused for a balance short of the list's fee (4002). */
const isShortBalance = (error: unknown) => error instanceof ApiError && error.code === ErrorCode.InsufficientBalance;

/** What the follow form is opened on: a new address, a list by id, or a subscription to edit. */
export interface FollowFormProps {
  /** The view preselected for something new (the view being read). */
  view?: FeedView;
  /** Prefills the address. */
  url?: string;
  /** Follows this list instead of a feed. */
  listId?: string;
  /** Edits this subscription (PATCH /subscriptions) instead of following something new. */
  subscription?: Subscription;
  onDone: () => void;
}

const LABEL = "block text-sm font-medium text-zinc-700 dark:text-zinc-300";
const INPUT =
  "w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm outline-none focus:border-orange-500 focus:ring-2 focus:ring-orange-500/20 aria-invalid:border-red-500 dark:border-zinc-700 dark:bg-zinc-900";

/**
 * The follow form (spec §2 "follow form"): an address (or a list), the view, a folder, a custom
 * title and privacy, with a live preview of the feed's newest entries as soon as the address is
 * valid. The view follows what the preview suggests until the reader picks one. Following opens
 * the new timeline; the server's errors (feed not found, fetch or parse errors…) show under the
 * address. Given a `subscription`, the same form edits it.
 */
export function FollowForm({ view: initialView = 0, url: initialUrl = "", listId: initialListId, subscription, onDone }: FollowFormProps) {
  const { t } = useTranslation("app");
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const urlId = useId();
  const categories = useCategorySuggestions();
  const listId = subscription ? ("listId" in subscription ? subscription.listId : undefined) : initialListId;
  const feedId = subscription && "feedId" in subscription ? subscription.feedId : undefined;
  const [url, setUrl] = useState(initialUrl);
  const [fields, setFields] = useState<FollowFields>(() =>
    subscription ? fieldsOf(subscription) : { view: initialView, category: "", title: "", isPrivate: false },
  );
  const [viewChosen, setViewChosen] = useState(!!subscription);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<{ message: string; reason?: string } | null>(null);
  const set = (patch: Partial<FollowFields>) => setFields((current) => ({ ...current, ...patch }));

  const address = useDebounced(normaliseFollowUrl(url), PREVIEW_DELAY);
  const feedTarget = feedId ? { id: feedId } : !listId && address ? { url: address } : null;
  const feedPreview = useQuery({ ...feedPreviewQuery(feedTarget ?? { url: "" }), enabled: !!feedTarget });
  const listPreview = useQuery({ ...listPreviewQuery(listId ?? ""), enabled: !!listId });
  const preview = listId ? listPreview : feedPreview;
  // A paid list (someone else's, POWER on) costs its fee on the first follow; editing or re-following one already followed is free.
  const listFee = useListFee(listPreview.data?.list, !!listId && !subscription);
  const charge = listId && !subscription && !listPreview.data?.subscription ? listFee.toPay : 0;
  // What a follow costs is known before it is sent: no fee paid unseen while the list or the instance's configs load.
  const feeUnknown = !!listId && !subscription && !listPreview.isError && !(listPreview.data && listFee.ready);

  // A preview arrived: the view it suggests, or the reader's settings when already followed.
  const arrived = listId ? listPreview.data : feedPreview.data;
  const [applied, setApplied] = useState<typeof arrived>(undefined);
  if (arrived && arrived !== applied && !subscription) {
    setApplied(arrived);
    setFields(prefill(fields, arrived, { viewChosen, currentView: initialView }));
    if (arrived.subscription) setViewChosen(true);
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (subscription) {
      const patch = subscriptionPatch(subscription, fields);
      onDone();
      if (Object.keys(patch).length) void updateSubscription(subscriptionKey(subscription), patch).catch(() => undefined);
      return;
    }
    if (feeUnknown) return;
    const followUrl = listId ? null : normaliseFollowUrl(url);
    if (!listId && !followUrl) {
      setError({ message: t("follow.invalid_url") });
      return;
    }
    setPending(true);
    setError(null);
    try {
      const created = await subscribe({
        ...(followUrl ? { url: followUrl } : {}),
        ...(listId ? { listId } : {}),
        view: fields.view,
        category: listId ? null : fields.category,
        isPrivate: fields.isPrivate,
        title: fields.title,
      });
      onDone();
      // The fee left the reader's wallet: balances and transactions are asked again.
      if (charge > 0) void queryClient.invalidateQueries({ queryKey: ["power"] });
      toast.success(t("follow.followed", { title: created ? subscriptionTitle(created) : (followUrl ?? listId) }));
      if (created && "feedId" in created) void navigate(timelinePath(created.view, { kind: "feeds", feedIds: [created.feedId] }));
      else if (created && "listId" in created) void navigate(timelinePath(created.view, { kind: "list", listId: created.listId }));
      layoutActions.setDrawer(false);
    } catch (caught) {
      // A short balance says what it means here, under the form (not only as the catalogue's words).
      setError(listId && isShortBalance(caught) ? { message: t("follow.insufficient_balance") } : followErrorText(caught));
    } finally {
      setPending(false);
    }
  };

  // A refused submit wins; else the preview's own failure (the same codes: 2001-2004, 1002).
  const shownError = error ?? (preview.isError && (listId || normaliseFollowUrl(url) === address) ? followErrorText(preview.error) : null);
  const previewPending = preview.isFetching && !preview.data;

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-4 p-5" noValidate>
      {listId ? null : (
        <div className="space-y-1">
          <label htmlFor={urlId} className={LABEL}>
            {t("follow.url")}
          </label>
          <input
            id={urlId}
            name="url"
            type="text"
            inputMode="url"
            autoFocus={!subscription}
            readOnly={!!subscription}
            autoComplete="off"
            spellCheck={false}
            value={subscription && "feeds" in subscription ? subscription.feeds.url : url}
            placeholder="https://example.com/feed.xml"
            onChange={(event) => {
              setUrl(event.target.value);
              setError(null);
            }}
            aria-invalid={shownError ? true : undefined}
            aria-describedby={shownError ? `${urlId}-error` : `${urlId}-hint`}
            className={`${INPUT} font-mono read-only:bg-zinc-50 read-only:text-zinc-500 dark:read-only:bg-zinc-900/60`}
          />
          {shownError ? (
            <div id={`${urlId}-error`} role="alert" className="text-xs text-red-600 dark:text-red-400">
              <p>{shownError.message}</p>
              {shownError.reason ? <p className="mt-0.5 break-all text-red-500/80">{shownError.reason}</p> : null}
            </div>
          ) : subscription ? null : (
            <p id={`${urlId}-hint`} className="text-xs text-zinc-500">
              {t("follow.url_hint")}
            </p>
          )}
        </div>
      )}
      {previewPending ? <PreviewLoading /> : null}
      {feedPreview.data && !listId && (feedId || normaliseFollowUrl(url) === address) ? <FeedPreviewCard preview={feedPreview.data} /> : null}
      {listPreview.data && listId ? <ListPreviewCard preview={listPreview.data} fee={listFee.fee} /> : null}
      <div className="grid grid-cols-2 gap-3">
        <ViewSelect
          value={fields.view}
          onChange={(view) => {
            setViewChosen(true);
            set({ view });
          }}
          label={t("follow.view")}
        />
        {listId ? null : (
          <CategoryInput
            value={fields.category}
            onChange={(category) => set({ category })}
            suggestions={categories}
            label={t("follow.category")}
            placeholder={t("follow.category_placeholder")}
          />
        )}
      </div>
      <div className="space-y-1">
        <label htmlFor={`${urlId}-title`} className={LABEL}>
          {t("follow.title")}
        </label>
        <input
          id={`${urlId}-title`}
          name="title"
          value={fields.title}
          maxLength={300}
          autoFocus={!!subscription}
          placeholder={feedPreview.data?.feed.title ?? listPreview.data?.list.title ?? t("follow.title_placeholder")}
          onChange={(event) => set({ title: event.target.value })}
          className={INPUT}
        />
      </div>
      <SwitchField checked={fields.isPrivate} onChange={(isPrivate) => set({ isPrivate })} label={t("follow.private")} description={t("follow.private_description")} />
      {charge > 0 ? (
        <p data-testid="list-fee-notice" className="rounded-lg bg-orange-500/10 px-3 py-2 text-xs text-orange-700 dark:text-orange-300">
          {t("follow.fee_notice", { fee: charge })}
        </p>
      ) : null}
      {listId && shownError ? (
        <div role="alert" className="text-xs text-red-600 dark:text-red-400">
          <p>{shownError.message}</p>
          {shownError.reason ? <p className="mt-0.5 break-all text-red-500/80">{shownError.reason}</p> : null}
        </div>
      ) : null}
      <div className="flex justify-end gap-2 pt-1">
        <SecondaryButton onClick={onDone}>{t("modal.cancel")}</SecondaryButton>
        <PrimaryButton pending={pending} disabled={feeUnknown}>
          {subscription ? t("follow.save") : charge > 0 ? t("follow.submit_paid", { fee: charge }) : t("follow.submit")}
        </PrimaryButton>
      </div>
    </form>
  );
}
