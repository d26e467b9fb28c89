import i18next from "i18next";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { CategoryInput, PrimaryButton, SecondaryButton } from "../../components/form-fields.tsx";
import { modal } from "../modal/index.ts";

/**
 * Asks for a folder name (rename a folder, "New category…"), with the existing ones suggested.
 * Resolves the trimmed name, or null when cancelled or left unchanged.
 */
export function promptCategory(options: { title: string; initial?: string; suggestions: string[]; confirmText?: string }): Promise<string | null> {
  return new Promise((resolve) => {
    let answered = false;
    const answer = (value: string | null) => {
      if (answered) return;
      answered = true;
      resolve(value);
    };
    modal.present({
      title: options.title,
      size: "sm",
      onClose: () => answer(null),
      content: ({ dismiss }) => (
        <CategoryForm
          initial={options.initial ?? ""}
          suggestions={options.suggestions}
          confirmText={options.confirmText ?? i18next.t("app:subscriptions.save")}
          onAnswer={(value) => {
            answer(value);
            dismiss();
          }}
        />
      ),
    });
  });
}

function CategoryForm(props: { initial: string; suggestions: string[]; confirmText: string; onAnswer: (value: string | null) => void }) {
  const { t } = useTranslation("app");
  const [value, setValue] = useState(props.initial);
  const name = value.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onAnswer(name && name !== props.initial ? name : null);
  };
  return (
    <form onSubmit={submit} className="space-y-4 p-5">
      <CategoryInput value={value} onChange={setValue} suggestions={props.suggestions.filter((s) => s !== props.initial)} label={t("subscriptions.category_name")} />
      <div className="flex justify-end gap-2">
        <SecondaryButton onClick={() => props.onAnswer(null)}>{t("modal.cancel")}</SecondaryButton>
        <PrimaryButton disabled={!name}>{props.confirmText}</PrimaryButton>
      </div>
    </form>
  );
}
