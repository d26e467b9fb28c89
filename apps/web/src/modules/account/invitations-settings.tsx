import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { SettingsSection } from "../../components/settings/settings-section.tsx";
import { errorText } from "../../lib/api-client.ts";
import { profileApi } from "./account-api.ts";
import { accountKeys, invitationLimitQuery, invitationsQuery } from "./account-queries.ts";
import { InstanceGate } from "./instance-gate.tsx";
import { InvitationList } from "./invitation-list.tsx";
import { withTwoFactorCode } from "./totp-prompt.tsx";
import { Button, Panel } from "./ui.tsx";
import { useSessionUser } from "./use-session-user.ts";

/**
 * Settings → Invitations: my codes, who used them, and a button to make another (within the
 * limit; asks for the two-factor code when it is on). Admins also get the instance's gate switch.
 */
export function InvitationsSettings() {
  const { t } = useTranslation("app");
  const queryClient = useQueryClient();
  const me = useSessionUser();
  const invitations = useQuery(invitationsQuery);
  const limitation = useQuery({ ...invitationLimitQuery, enabled: me?.role === "user" });
  const [pending, setPending] = useState(false);

  async function generate() {
    setPending(true);
    try {
      const code = await withTwoFactorCode((TOTPCode) => profileApi.createInvitation(TOTPCode));
      toast.success(t("invitations.created", { code }));
    } catch (caught) {
      if (!(caught instanceof DOMException && caught.name === "AbortError")) toast.error(errorText(caught, (code) => t(`errors:${code}`)));
    } finally {
      setPending(false);
      await queryClient.invalidateQueries({ queryKey: accountKeys.invitations });
    }
  }

  const left = limitation.data;
  const trial = me?.role !== "user";
  return (
    <SettingsSection tab="invitations">
      <Panel id="invitations" title={t("invitations.title")} description={t("invitations.description")}>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-zinc-500" data-testid="invitation-limit">
            {trial ? t("invitations.trial") : left === undefined ? null : left === null ? t("invitations.unlimited") : t("invitations.left", { count: left })}
          </p>
          <Button variant="primary" pending={pending} disabled={trial || left === 0} onClick={() => void generate()}>
            <Plus className="size-4" aria-hidden />
            {t("invitations.generate")}
          </Button>
        </div>
        <InvitationList query={invitations} />
      </Panel>
      {me?.user.isAdmin ? <InstanceGate /> : null}
    </SettingsSection>
  );
}
