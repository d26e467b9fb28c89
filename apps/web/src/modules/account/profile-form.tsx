import { useQueryClient } from "@tanstack/react-query";
import { ExternalLink } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { toast } from "sonner";
import { Field } from "../../components/form.tsx";
import { sessionKeys } from "../../queries/session.ts";
import { accountApi } from "./account-api.ts";
import { AvatarPicker } from "./avatar-picker.tsx";
import { draftOf, fieldOfMessage, inputOf, PROFILE_LIMITS, type ProfileField, validateDraft } from "./profile-fields.ts";
import { SOCIAL_PLATFORMS } from "./social-links.ts";
import { Button, messageOf, Panel } from "./ui.tsx";
import type { AccountUser } from "./use-session-user.ts";

/** The profile form: avatar, name, handle, bio, website and social links, with a link to the public page. */
export function ProfileForm({ user }: { user: AccountUser }) {
  const { t } = useTranslation("app");
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(() => draftOf(user));
  const [pending, setPending] = useState(false);
  const [serverError, setServerError] = useState<{ field?: ProfileField; message: string }>();
  const problems = validateDraft(draft);
  const refresh = () => queryClient.invalidateQueries({ queryKey: sessionKeys.all });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    setServerError(undefined);
    try {
      await accountApi.updateUser(inputOf(draft));
      await refresh();
      toast.success(t("account.profile_saved"));
    } catch (caught) {
      const message = messageOf(caught);
      const field = fieldOfMessage(message);
      setServerError(field ? { field, message } : { message });
    } finally {
      setPending(false);
    }
  }

  const errorOf = (field: ProfileField) => (serverError?.field === field ? serverError.message : problems[field] ? t(problems[field]) : undefined);
  const set = (field: ProfileField) => (event: { target: { value: string } }) => setDraft((d) => ({ ...d, [field]: event.target.value }));
  const publicPath = user.handle ? `/u/${user.handle}` : `/share/users/${user.id}`;
  return (
    <Panel id="profile" title={t("account.profile_title")} description={t("account.profile_description")}>
      <AvatarPicker image={user.image} name={user.name || user.email} onUploaded={refresh} />
      <form onSubmit={submit} className="space-y-4" aria-label={t("account.profile_title")}>
        <Field label={t("account.name")} name="name" value={draft.name} onChange={set("name")} maxLength={PROFILE_LIMITS.name} error={errorOf("name")} />
        <Field
          label={t("account.handle")}
          name="handle"
          value={draft.handle}
          onChange={set("handle")}
          maxLength={PROFILE_LIMITS.handle}
          autoComplete="off"
          hint={t("account.handle_hint")}
          error={errorOf("handle")}
        />
        <div className="space-y-1">
          <label htmlFor="field-bio" className="block text-sm font-medium text-zinc-700 dark:text-zinc-300">
            {t("account.bio")}
          </label>
          <textarea
            id="field-bio"
            name="bio"
            rows={3}
            value={draft.bio}
            onChange={set("bio")}
            maxLength={PROFILE_LIMITS.bio}
            aria-invalid={errorOf("bio") ? true : undefined}
            className="w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm outline-none focus:border-orange-500 focus:ring-2 focus:ring-orange-500/20 dark:border-zinc-700 dark:bg-zinc-900"
          />
          {errorOf("bio") ? (
            <p role="alert" className="text-xs text-red-600 dark:text-red-400">
              {errorOf("bio")}
            </p>
          ) : (
            <p className="text-xs text-zinc-500">{t("account.bio_count", { count: draft.bio.length, max: PROFILE_LIMITS.bio })}</p>
          )}
        </div>
        <Field label={t("account.website")} name="website" type="url" placeholder="https://" value={draft.website} onChange={set("website")} error={errorOf("website")} />
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-zinc-700 dark:text-zinc-300">{t("account.social_links")}</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {SOCIAL_PLATFORMS.map((platform) => (
              <Field
                key={platform.key}
                label={platform.label}
                name={`social-${platform.key}`}
                value={draft.socialLinks[platform.key] ?? ""}
                placeholder={t("account.social_placeholder")}
                onChange={(event) => setDraft((d) => ({ ...d, socialLinks: { ...d.socialLinks, [platform.key]: event.target.value } }))}
              />
            ))}
          </div>
        </fieldset>
        {serverError && !serverError.field ? (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {serverError.message}
          </p>
        ) : null}
        <div className="flex items-center justify-between gap-3">
          <Link to={publicPath} className="inline-flex items-center gap-1 text-sm text-orange-600 hover:underline dark:text-orange-400">
            {t("account.view_public_profile")}
            <ExternalLink className="size-3.5" aria-hidden />
          </Link>
          <Button type="submit" variant="primary" pending={pending} disabled={Object.keys(problems).length > 0}>
            {t("account.save")}
          </Button>
        </div>
      </form>
    </Panel>
  );
}
