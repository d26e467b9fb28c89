import i18next from "i18next";
import { modal } from "../modal/index.ts";
import { InvitationForm } from "./invitation-form.tsx";

export const ACTIVATION_DIALOG_ID = "activation";

/** The activation dialog (spec §2): the invitation form in a modal, opened from an 11xx toast. */
export function openActivationDialog(): void {
  modal.present({
    id: ACTIVATION_DIALOG_ID,
    title: i18next.t("app:invitation.title"),
    size: "sm",
    content: ({ dismiss }) => (
      <div className="space-y-4 p-5">
        <p className="text-sm text-zinc-500">{i18next.t("app:invitation.description")}</p>
        <InvitationForm onContinue={dismiss} />
      </div>
    ),
  });
}
