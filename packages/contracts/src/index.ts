export type * from "./accounts.ts";
export type * from "./api/models.ts";
export * from "./envelope.ts";
export * from "./errors.ts";
export * from "./ids.ts";
export * from "./product.ts";
export type * from "./profile.ts";
export * from "./session.ts";
export * from "./views.ts";
