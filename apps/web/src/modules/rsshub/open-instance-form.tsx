import type { RsshubInstance } from "@tidings/contracts";
import i18next from "i18next";
import { modal } from "../modal/index.ts";
import { InstanceForm } from "./instance-form.tsx";
import { PurchaseForm } from "./purchase-form.tsx";

/** One instance dialog at a time: a second replaces the first. */
export const INSTANCE_DIALOG_ID = "rsshub-instance";

/** Opens the instance form: a new instance, or one of the caller's to edit. */
export function openInstanceForm(instance?: RsshubInstance): void {
  modal.present({
    id: INSTANCE_DIALOG_ID,
    title: i18next.t(instance ? "app:rsshub.edit_title" : "app:rsshub.add_title"),
    size: "md",
    dismissOnOutsideClick: false,
    content: ({ dismiss }) => <InstanceForm {...(instance ? { instance } : {})} onDone={dismiss} />,
  });
}

/** Asks for how many months to take a paid instance, then uses it. */
export function openPurchaseForm(instance: RsshubInstance): void {
  modal.present({
    id: INSTANCE_DIALOG_ID,
    title: i18next.t("app:rsshub.purchase.title"),
    size: "sm",
    content: ({ dismiss }) => <PurchaseForm instance={instance} onDone={dismiss} />,
  });
}
