import type { FeedView, Subscription } from "@tidings/contracts";
import i18next from "i18next";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { type SubscriptionPatch, updateSubscription } from "../../actions/subscription.actions.ts";
import { CategoryInput, PrimaryButton, SecondaryButton, SwitchField, ViewSelect } from "../../components/form-fields.tsx";
import { subscriptionKey } from "../../store/subscriptions.store.ts";
import { FollowForm, useCategorySuggestions } from "../follow/index.ts";
import { modal } from "../modal/index.ts";

/** The title a source has of its own, shown as the placeholder of the custom title. */
function sourceTitle(subscription: Subscription): string {
  if ("feeds" in subscription) return subscription.feeds.title ?? subscription.feeds.url;
  if ("lists" in subscription) return subscription.lists.title;
  return subscription.inboxes.title ?? subscription.inboxes.id;
}

/**
 * Edits a subscription (spec §4: title, category, view, privacy; an inbox only has its title).
 * The dialog closes at once: the change is optimistic and undone, with a toast, if refused.
 */
export function openEditSubscription(subscription: Subscription): void {
  modal.present({
    id: `edit-subscription-${subscriptionKey(subscription)}`,
    title: i18next.t("app:subscriptions.edit_title", { title: sourceTitle(subscription) }),
    size: "md",
    // Feeds and lists share the follow form (with its preview); an inbox only has its title.
    content: ({ dismiss }) => ("inboxId" in subscription ? <EditForm subscription={subscription} onDone={dismiss} /> : <FollowForm subscription={subscription} onDone={dismiss} />),
  });
}

/** The fields that changed, so an edit never rewrites what the reader did not touch. */
export function changedFields(subscription: Subscription, form: { title: string; category: string; view: FeedView; isPrivate: boolean }): SubscriptionPatch {
  const patch: SubscriptionPatch = {};
  if (form.title.trim() !== (subscription.title ?? "")) patch.title = form.title.trim() || null;
  if (form.category.trim() !== (subscription.category ?? "")) patch.category = form.category.trim() || null;
  if (form.view !== subscription.view) patch.view = form.view;
  if (form.isPrivate !== subscription.isPrivate) patch.isPrivate = form.isPrivate;
  return patch;
}

function EditForm({ subscription, onDone }: { subscription: Subscription; onDone: () => void }) {
  const { t } = useTranslation("app");
  const id = useId();
  const suggestions = useCategorySuggestions();
  const inbox = "inboxId" in subscription;
  const [title, setTitle] = useState(subscription.title ?? "");
  const [category, setCategory] = useState(subscription.category ?? "");
  const [view, setView] = useState<FeedView>(subscription.view);
  const [isPrivate, setPrivate] = useState(subscription.isPrivate);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const patch = changedFields(subscription, { title, category, view, isPrivate });
    onDone();
    if (Object.keys(patch).length) void updateSubscription(subscriptionKey(subscription), patch).catch(() => undefined);
  };

  return (
    <form onSubmit={submit} className="space-y-4 p-5">
      <div className="space-y-1">
        <label htmlFor={`${id}-title`} className="block text-sm font-medium text-zinc-700 dark:text-zinc-300">
          {t("subscriptions.field_title")}
        </label>
        <input
          id={`${id}-title`}
          name="title"
          autoFocus
          value={title}
          maxLength={300}
          placeholder={sourceTitle(subscription)}
          onChange={(event) => setTitle(event.target.value)}
          className="w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm outline-none focus:border-orange-500 focus:ring-2 focus:ring-orange-500/20 dark:border-zinc-700 dark:bg-zinc-900"
        />
      </div>
      {inbox ? null : (
        <>
          <div className="grid grid-cols-2 gap-3">
            <ViewSelect value={view} onChange={setView} label={t("subscriptions.field_view")} />
            <CategoryInput value={category} onChange={setCategory} suggestions={suggestions} label={t("subscriptions.field_category")} placeholder={t("subscriptions.no_category")} />
          </div>
          <SwitchField checked={isPrivate} onChange={setPrivate} label={t("follow.private")} description={t("follow.private_description")} />
        </>
      )}
      <div className="flex justify-end gap-2 pt-1">
        <SecondaryButton onClick={onDone}>{t("modal.cancel")}</SecondaryButton>
        <PrimaryButton>{t("subscriptions.save")}</PrimaryButton>
      </div>
    </form>
  );
}
