import { useQuery } from "@tanstack/react-query";
import type { FeedSubscription } from "@tidings/contracts";
import i18next from "i18next";
import { Check, Copy } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { claimFeed } from "../../actions/subscription.actions.ts";
import { SecondaryButton } from "../../components/form-fields.tsx";
import { api } from "../../lib/api-client.ts";
import { subscriptionTitle } from "../../store/subscriptions.store.ts";
import { followErrorText } from "../follow/index.ts";
import { modal } from "../modal/index.ts";
import { useCopy } from "../toast/index.ts";

/** GET /feeds/claim/message: the reader's code, placed three ways. */
interface ClaimMessage {
  description: string;
  content: string;
  xml: string;
  json: string;
}

/** Opens the feed claim dialog (spec §2 "feed claim dialog"). */
export function openClaimDialog(subscription: FeedSubscription, userId: string): void {
  modal.present({
    id: `claim-${subscription.feedId}`,
    title: i18next.t("app:subscriptions.claim.title", { title: subscriptionTitle(subscription) }),
    size: "lg",
    content: ({ dismiss }) => <ClaimBody subscription={subscription} userId={userId} onDone={dismiss} />,
  });
}

function CodeBlock({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation("app");
  const { copied, copy } = useCopy();
  return (
    <div className="group relative">
      <pre className="overflow-x-auto rounded-md border border-zinc-200 bg-zinc-50 py-2 pr-10 pl-3 font-mono text-xs leading-relaxed break-all whitespace-pre-wrap text-zinc-800 dark:border-zinc-800 dark:bg-zinc-950 dark:text-zinc-200">
        {text}
      </pre>
      <button
        type="button"
        onClick={() => void copy(text).catch(() => undefined)}
        aria-label={t("subscriptions.claim.copy", { what: label })}
        className="absolute top-1.5 right-1.5 rounded-md p-1.5 text-zinc-500 hover:bg-zinc-200 hover:text-zinc-800 dark:hover:bg-zinc-800 dark:hover:text-zinc-200"
      >
        {copied ? <Check className="size-3.5 text-emerald-600" aria-hidden /> : <Copy className="size-3.5" aria-hidden />}
      </button>
    </div>
  );
}

function Method({ index, title, description, children }: { index: number; title: string; description: string; children: React.ReactNode }) {
  return (
    <section className="flex gap-3">
      <span className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full bg-orange-500/10 text-[11px] font-semibold text-orange-600 dark:text-orange-400">
        {index}
      </span>
      <div className="min-w-0 flex-1 space-y-1.5">
        <h3 className="text-sm font-medium">{title}</h3>
        <p className="text-xs text-zinc-500">{description}</p>
        {children}
      </div>
    </section>
  );
}

function ClaimBody({ subscription, userId, onDone }: { subscription: FeedSubscription; userId: string; onDone: () => void }) {
  const { t } = useTranslation("app");
  const feedId = subscription.feedId;
  const message = useQuery({
    queryKey: ["feeds", "claim", "message", feedId],
    queryFn: ({ signal }) => api<ClaimMessage>("feeds/claim/message", { query: { feedId }, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<{ message: string; reason?: string } | null>(null);

  const verify = async () => {
    setPending(true);
    setError(null);
    try {
      await claimFeed(feedId, userId);
      toast.success(t("subscriptions.claim.success"));
      onDone();
    } catch (caught) {
      setError(followErrorText(caught));
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="space-y-5 p-5">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("subscriptions.claim.intro")}</p>
      {message.isPending ? (
        <div className="space-y-3" aria-busy>
          {[0, 1, 2].map((n) => (
            <div key={n} className="h-14 animate-pulse rounded-md bg-zinc-100 dark:bg-zinc-800" />
          ))}
        </div>
      ) : message.isError ? (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {followErrorText(message.error).message}
        </p>
      ) : (
        <div className="space-y-5">
          <Method index={1} title={t("subscriptions.claim.description_title")} description={t("subscriptions.claim.description_help")}>
            <CodeBlock text={message.data.description} label={t("subscriptions.claim.description_title")} />
          </Method>
          <Method index={2} title={t("subscriptions.claim.item_title")} description={t("subscriptions.claim.item_help")}>
            <CodeBlock text={message.data.content} label={t("subscriptions.claim.item_title")} />
          </Method>
          <Method index={3} title={t("subscriptions.claim.generator_title")} description={t("subscriptions.claim.generator_help")}>
            <CodeBlock text={message.data.xml} label="RSS / Atom" />
            <p className="pt-1 text-xs text-zinc-500">{t("subscriptions.claim.json_help")}</p>
            <CodeBlock text={message.data.json} label="JSON Feed" />
          </Method>
        </div>
      )}
      {error ? (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-300">
          <p className="font-medium">{error.message}</p>
          {error.reason ? <p className="mt-0.5 text-xs break-words opacity-80">{error.reason}</p> : null}
        </div>
      ) : null}
      <div className="flex items-center justify-end gap-2">
        <SecondaryButton onClick={onDone}>{t("modal.cancel")}</SecondaryButton>
        <button
          type="button"
          disabled={pending || !message.isSuccess}
          aria-busy={pending || undefined}
          onClick={() => void verify()}
          className="flex items-center gap-2 rounded-lg bg-orange-500 px-4 py-2 text-sm font-medium text-white shadow-sm hover:bg-orange-600 disabled:cursor-not-allowed disabled:opacity-50"
        >
          {pending ? <span className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white" aria-hidden /> : null}
          {t("subscriptions.claim.verify")}
        </button>
      </div>
    </div>
  );
}
