// Accounts: what other features and the composition root use of them.
export { type AccountsConfig, accountsConfig, accountsEnv, type OAuthClient } from "./accounts.config.ts";
export { type AccountsModule, type AccountsPorts, createAccountsModule } from "./accounts.module.ts";
export type { AccountsService } from "./accounts.service.ts";
export type { SignInGuard } from "./sign-in-guard.service.ts";
