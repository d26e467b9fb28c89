export { createInvitationsModule, type InvitationsPorts } from "./invitations.module.ts";
