import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { ActionsEditor } from "../modules/actions/index.ts";
import { DiscoverCategory, DiscoverHome, RsshubIndex } from "../modules/discover/index.ts";
import { PageFrame } from "../modules/layout/index.ts";
import { PowerIndex } from "../modules/power/index.ts";
import { RsshubInstances } from "../modules/rsshub/index.ts";

export function DiscoverPage() {
  const { t } = useTranslation("app");
  return (
    <PageFrame title={t("pages.discover")} description={t("pages.discover_description")}>
      <DiscoverHome />
    </PageFrame>
  );
}

export function DiscoverCategoryPage() {
  const { t } = useTranslation("app");
  const { category = "" } = useParams();
  const label = t(`discover.categories.${category}`, { defaultValue: category });
  return (
    <PageFrame title={t("pages.discover")} description={t("pages.discover_category", { category: label })}>
      <DiscoverCategory category={category} />
    </PageFrame>
  );
}

export function ActionPage() {
  const { t } = useTranslation("app");
  return (
    <PageFrame title={t("pages.action")} description={t("pages.action_description")}>
      <ActionsEditor />
    </PageFrame>
  );
}

export function PowerPage() {
  const { t } = useTranslation("app");
  return (
    <PageFrame title={t("pages.power")} description={t("pages.power_description")}>
      <PowerIndex />
    </PageFrame>
  );
}

export function RSSHubPage() {
  const { t } = useTranslation("app");
  return (
    <PageFrame title={t("pages.rsshub")} description={t("pages.rsshub_description")}>
      <div className="mx-auto max-w-5xl pb-6">
        <RsshubInstances />
      </div>
      <RsshubIndex />
    </PageFrame>
  );
}
