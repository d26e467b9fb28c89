import i18next from "i18next";
import { modal } from "../modal/index.ts";
import { RouteForm, type RouteFormTarget } from "./route-form.tsx";

/** The id of the route form: a second route replaces the open one. */
export const ROUTE_FORM_ID = "rsshub-route";

/** Opens the parameter form of an RSSHub route (facts §4), which builds its `rsshub://` URL. */
export function openRouteForm(target: RouteFormTarget): void {
  modal.present({
    id: ROUTE_FORM_ID,
    title: i18next.t("app:discover.route_form_title", { name: target.namespace.name || target.prefix }),
    size: "lg",
    content: ({ dismiss }) => <RouteForm target={target} onDone={dismiss} />,
  });
}
