import { useQuery } from "@tanstack/react-query";
import { Upload } from "lucide-react";
import { type ChangeEvent, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../lib/api-client.ts";
import { profileApi } from "./account-api.ts";
import { statusConfigsQuery } from "./account-queries.ts";
import { avatarProblem, DEFAULT_AVATAR_MAX_BYTES } from "./avatar-file.ts";
import { Button } from "./ui.tsx";

/**
 * The avatar with an upload button. The file is checked here first (an image, under the size the
 * server reports, spec §5 wording), then uploaded; `onUploaded` gets the stored picture's address.
 */
export function AvatarPicker({ image, name, onUploaded }: { image: string | null; name: string; onUploaded: (url: string) => Promise<void> | void }) {
  const { t } = useTranslation("app");
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const configs = useQuery(statusConfigsQuery);
  const maxBytes = configs.data?.AVATAR_MAX_BYTES ?? DEFAULT_AVATAR_MAX_BYTES;
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();

  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    const problem = avatarProblem(file, maxBytes);
    if (problem) {
      setError(problem.key === "too_large" ? t("account.avatar_too_large", { size: problem.size }) : t("account.avatar_invalid"));
      return;
    }
    setPending(true);
    setError(undefined);
    try {
      const { url } = await profileApi.uploadAvatar(file);
      await onUploaded(url);
    } catch (caught) {
      setError(errorText(caught, (code) => t(`errors:${code}`)));
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="flex items-center gap-4">
      {image ? (
        <img src={image} alt={t("account.avatar")} referrerPolicy="no-referrer" className="size-16 shrink-0 rounded-full bg-zinc-100 object-cover dark:bg-zinc-800" data-testid="avatar-image" />
      ) : (
        <span aria-hidden className="flex size-16 shrink-0 items-center justify-center rounded-full bg-orange-500 text-xl font-semibold text-white">
          {[...name.trim()].slice(0, 2).join("").toUpperCase() || "?"}
        </span>
      )}
      <div className="space-y-1">
        <label htmlFor={inputId} className="sr-only">
          {t("account.avatar")}
        </label>
        <input ref={input} id={inputId} type="file" accept="image/*" className="hidden" onChange={(event) => void pick(event)} data-testid="avatar-input" />
        <Button pending={pending} onClick={() => input.current?.click()}>
          <Upload className="size-4" aria-hidden />
          {t("account.avatar_upload")}
        </Button>
        {error ? (
          <p role="alert" className="text-xs text-red-600 dark:text-red-400">
            {error}
          </p>
        ) : (
          <p className="text-xs text-zinc-500">{t("account.avatar_hint")}</p>
        )}
      </div>
    </div>
  );
}
