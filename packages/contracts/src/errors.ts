/**
 * The product's error catalogue (spec §8, plus 11000-11003 of the AI helpers, 15000-15001 of
 * the "save to …" integrations, 16000 of the private-network policy, 17000 of reader apps' passwords, 18000 of rate limits and 19000-19001 of the server's own storage, ranges the spec leaves free): every code the server can answer with, its default
 * English message and the HTTP status it travels with. Server and client both read this table, so
 * a code is defined exactly once.
 */
export const ERROR_CATALOGUE = {
  1: { message: "Previous operation is not completed", status: 409 },
  3: { message: "Unprocessable content", status: 422 },
  1000: { message: "Unauthorized", status: 401 },
  1001: { message: "create session failed", status: 500 },
  1002: { message: "Invalid parameter", status: 400 },
  1003: { message: "Invalid invitation", status: 400 },
  1004: { message: "No permission", status: 403 },
  1005: { message: "Internal error", status: 500 },
  1006: { message: "Email not verified", status: 403 },
  1007: { message: "Captcha verification failed", status: 400 },
  1100: { message: "Trial user max feed subscription exceeded", status: 403 },
  1101: { message: "Trial user max list subscription exceeded", status: 403 },
  1102: { message: "Trial user max inbox subscription exceeded", status: 403 },
  1103: { message: "Trial user no permission", status: 403 },
  2000: { message: "Only admins can refresh feeds", status: 403 },
  2001: { message: "Feed not found", status: 404 },
  2002: { message: "feedId or url required", status: 400 },
  2003: { message: "Feed fetch error", status: 502 },
  2004: { message: "Feed failed to parse", status: 422 },
  2010: { message: "Ownership challenge failed", status: 400 },
  2011: { message: "Subscription limit exceeded", status: 403 },
  3000: { message: "Entry not found", status: 404 },
  4000: { message: "Already claimed", status: 409 },
  4001: { message: "User wallet error", status: 400 },
  4002: { message: "Insufficient balance", status: 400 },
  4003: { message: "Feed insufficient withdrawable balance", status: 400 },
  4004: { message: "Target user wallet error", status: 400 },
  4005: { message: "Daily power calculation in progress", status: 409 },
  4006: { message: "Invalid boost amount", status: 400 },
  4007: { message: "Invalid two factor code", status: 400 },
  4008: { message: "Two factor code required", status: 400 },
  4010: { message: "Airdrop not eligible", status: 403 },
  4011: { message: "Airdrop is sending", status: 409 },
  4012: { message: "Airdrop already sent", status: 409 },
  4013: { message: "Airdrop not verified", status: 403 },
  5000: { message: "Invitation limit exceeded. Please try again in a few days.", status: 429 },
  5001: { message: "Invitation already exists.", status: 409 },
  5002: { message: "Invitation code already used.", status: 409 },
  5003: { message: "Invitation code does not exist.", status: 404 },
  6000: { message: "User not found", status: 404 },
  7000: { message: "Setting not found", status: 404 },
  7001: { message: "Invalid setting tab", status: 400 },
  7002: { message: "Invalid setting payload", status: 400 },
  7003: { message: "Setting payload too large", status: 413 },
  8000: { message: "List not found", status: 404 },
  8001: { message: "List permission denied", status: 403 },
  8002: { message: "List limit exceeded", status: 403 },
  8003: { message: "Feed already added to list", status: 409 },
  8004: { message: "Cannot delete a list with subscriptions.", status: 409 },
  9000: { message: "Achievement not completed", status: 400 },
  9001: { message: "Achievement already received", status: 409 },
  9002: { message: "Achievement is under audit", status: 409 },
  9003: { message: "Achievement audit not needed", status: 400 },
  10000: { message: "Inbox not found", status: 404 },
  10001: { message: "Inbox already exists", status: 409 },
  10002: { message: "Inbox limit exceeded", status: 403 },
  10003: { message: "Inbox permission denied", status: 403 },
  11000: { message: "AI provider not configured", status: 503 },
  11001: { message: "AI daily limit reached", status: 429 },
  11002: { message: "AI provider error", status: 502 },
  11003: { message: "AI provider timed out", status: 504 },
  12000: { message: "Action limit exceeded", status: 403 },
  13000: { message: "RSSHub route not found", status: 404 },
  13001: { message: "You are not the owner of this RSSHub instance", status: 403 },
  13002: { message: "RSSHub is in use", status: 409 },
  13003: { message: "RSSHub not found", status: 404 },
  13004: { message: "RSSHub user limit exceeded", status: 403 },
  13005: { message: "RSSHub purchase not found", status: 404 },
  13006: { message: "RSSHub config invalid", status: 400 },
  13007: { message: "This RSSHub instance is unavailable currently", status: 503 },
  14000: { message: "Invalid file", status: 400 },
  14001: { message: "File too large", status: 413 },
  14002: { message: "Upload failed.", status: 500 },
  15000: { message: "The service refused the save", status: 502 },
  15001: { message: "Too many saves, try again later", status: 429 },
  16000: { message: "The server does not connect to this address", status: 403 },
  17000: { message: "App password limit exceeded", status: 403 },
  17001: { message: "App password not found", status: 404 },
  18000: { message: "Too many requests", status: 429 },
  19000: { message: "The database is unavailable, try again shortly", status: 503 },
  19001: { message: "The server is out of storage space", status: 507 },
} as const satisfies Record<number, { message: string; status: number }>;

/** A numeric error code of the catalogue. */
export type ErrorCode = keyof typeof ERROR_CATALOGUE;

/**
 * Named error codes, so code reads `ErrorCode.FeedNotFound` rather than `2001`.
 *
 * @example throw new AppError(ErrorCode.FeedNotFound)
 */
export const ErrorCode = {
  PreviousOperationNotCompleted: 1,
  UnprocessableContent: 3,
  Unauthorized: 1000,
  CreateSessionFailed: 1001,
  InvalidParameter: 1002,
  InvalidInvitation: 1003,
  NoPermission: 1004,
  InternalError: 1005,
  EmailNotVerified: 1006,
  CaptchaFailed: 1007,
  TrialMaxFeedSubscription: 1100,
  TrialMaxListSubscription: 1101,
  TrialMaxInboxSubscription: 1102,
  TrialNoPermission: 1103,
  OnlyAdminsRefreshFeeds: 2000,
  FeedNotFound: 2001,
  FeedIdOrUrlRequired: 2002,
  FeedFetchError: 2003,
  FeedParseError: 2004,
  OwnershipChallengeFailed: 2010,
  SubscriptionLimitExceeded: 2011,
  EntryNotFound: 3000,
  AlreadyClaimed: 4000,
  UserWalletError: 4001,
  InsufficientBalance: 4002,
  FeedInsufficientWithdrawable: 4003,
  TargetUserWalletError: 4004,
  DailyPowerInProgress: 4005,
  InvalidBoostAmount: 4006,
  InvalidTwoFactorCode: 4007,
  TwoFactorCodeRequired: 4008,
  AirdropNotEligible: 4010,
  AirdropSending: 4011,
  AirdropAlreadySent: 4012,
  AirdropNotVerified: 4013,
  InvitationLimitExceeded: 5000,
  InvitationAlreadyExists: 5001,
  InvitationCodeUsed: 5002,
  InvitationCodeNotFound: 5003,
  UserNotFound: 6000,
  SettingNotFound: 7000,
  InvalidSettingTab: 7001,
  InvalidSettingPayload: 7002,
  SettingPayloadTooLarge: 7003,
  ListNotFound: 8000,
  ListPermissionDenied: 8001,
  ListLimitExceeded: 8002,
  FeedAlreadyInList: 8003,
  ListHasSubscriptions: 8004,
  AchievementNotCompleted: 9000,
  AchievementAlreadyReceived: 9001,
  AchievementUnderAudit: 9002,
  AchievementAuditNotNeeded: 9003,
  InboxNotFound: 10000,
  InboxAlreadyExists: 10001,
  InboxLimitExceeded: 10002,
  InboxPermissionDenied: 10003,
  AiNotConfigured: 11000,
  AiDailyLimit: 11001,
  AiProviderError: 11002,
  AiProviderTimeout: 11003,
  ActionLimitExceeded: 12000,
  RSSHubRouteNotFound: 13000,
  RSSHubNotOwner: 13001,
  RSSHubInUse: 13002,
  RSSHubNotFound: 13003,
  RSSHubUserLimitExceeded: 13004,
  RSSHubPurchaseNotFound: 13005,
  RSSHubConfigInvalid: 13006,
  RSSHubUnavailable: 13007,
  InvalidFile: 14000,
  FileTooLarge: 14001,
  UploadFailed: 14002,
  IntegrationFailed: 15000,
  IntegrationRateLimited: 15001,
  AddressNotAllowed: 16000,
  AppPasswordLimitExceeded: 17000,
  AppPasswordNotFound: 17001,
  TooManyRequests: 18000,
  DatabaseUnavailable: 19000,
  StorageFull: 19001,
} as const satisfies Record<string, ErrorCode>;

/** Every code of the catalogue, in ascending order. */
export const ERROR_CODES = Object.keys(ERROR_CATALOGUE)
  .map(Number)
  .sort((a, b) => a - b) as ErrorCode[];

/** True when `code` is a code of the catalogue. */
export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === "number" && Object.hasOwn(ERROR_CATALOGUE, code);
}

/** The default English message of a code. */
export function errorMessage(code: ErrorCode): string {
  return ERROR_CATALOGUE[code].message;
}

/** The HTTP status a code is answered with. */
export function errorStatus(code: ErrorCode): number {
  return ERROR_CATALOGUE[code].status;
}

/** Trial-restriction codes (11xx) open the activation prompt in the client (spec §8). */
export function isActivationError(code: number): boolean {
  // The four-digit 11xx codes only: 11000-11003 are the AI helpers' own.
  return code >= 1100 && code < 1200;
}
