import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { sessionQuery } from "../../queries/session.ts";
import { CopyField } from "../inboxes/index.ts";
import { readerApiUrls } from "./app-passwords-api.ts";
import { PANEL, PANEL_TEXT, PANEL_TITLE } from "./styles.ts";

/** One protocol: its name, which account type to pick in the app, and what to type. */
function Protocol({ name, hint, children }: { name: string; hint: string; children: ReactNode }) {
  return (
    <section aria-label={name} className="space-y-2 rounded-lg bg-zinc-50 p-4 dark:bg-zinc-800/40">
      <div>
        <h4 className="text-sm font-semibold">{name}</h4>
        <p className="text-xs text-zinc-500">{hint}</p>
      </div>
      {children}
    </section>
  );
}

/**
 * What to type in a reader app for each API (Google Reader, Fever, Miniflux): the server address
 * and the account's e-mail, with a copy button each. Fever clients sign in with md5(`e-mail:password`), which the server keeps for
 * the e-mail in lower case: that is the e-mail shown here.
 */
export function SetupGuide() {
  const { t } = useTranslation("settings");
  const email = useQuery(sessionQuery).data?.user.email ?? "";
  const urls = readerApiUrls();
  return (
    <section aria-labelledby="reader-apps-setup" className={PANEL}>
      <div>
        <h3 id="reader-apps-setup" className={PANEL_TITLE}>
          {t("apps.setup_title")}
        </h3>
        <p className={PANEL_TEXT}>{t("apps.setup_description")}</p>
      </div>
      <Protocol name="Google Reader API" hint={t("apps.greader_hint")}>
        <CopyField label={t("apps.server")} value={urls.greader} />
        <CopyField label={t("apps.user_name")} value={email} />
      </Protocol>
      <Protocol name="Fever" hint={t("apps.fever_hint")}>
        <CopyField label={t("apps.server")} value={urls.fever} />
        <CopyField label={t("apps.email")} value={email.toLowerCase()} />
        <p className="text-xs text-zinc-500">{t("apps.fever_note")}</p>
      </Protocol>
      <Protocol name="Miniflux" hint={t("apps.miniflux_hint")}>
        <CopyField label={t("apps.server")} value={urls.miniflux} />
        <CopyField label={t("apps.user_name")} value={email} />
      </Protocol>
    </section>
  );
}
