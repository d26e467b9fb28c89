import { useTranslation } from "react-i18next";

/**
 * A problem of the editor in the reader's language: the schema's messages (shared with the
 * server, in English) by what they say, others as they are.
 */
export function useProblemText() {
  const { t } = useTranslation("app");
  return (message: string): string => {
    if (message === "regex_unsupported" || message === "regex_invalid") return t(`actions.errors.${message}`);
    if (/does not apply/.test(message)) return t("actions.errors.operator");
    if (message === "Choose a view") return t("actions.errors.view");
    if (message === "Enter a number") return t("actions.errors.number");
    if (message === "Enter an http(s) URL") return t("actions.errors.url");
    if (message === "Text to replace is required") return t("actions.errors.from_required");
    const webhooks = message.match(/^At most (\d+) webhooks/);
    if (webhooks) return t("actions.errors.too_many_webhooks", { count: Number(webhooks[1]) });
    const actions = message.match(/^At most (\d+) actions/);
    if (actions) return t("actions.errors.too_many_actions", { count: Number(actions[1]) });
    if (/Too big|too long|at most \d+ character/i.test(message)) return t("actions.errors.too_long");
    return message;
  };
}

/** A problem under the field it is about. */
export function ProblemText({ id, message }: { id?: string; message: string | undefined }) {
  const text = useProblemText();
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-xs text-red-600 dark:text-red-400">
      {text(message)}
    </p>
  );
}
