// App passwords: what the composition root and the sync APIs use.
export { createAppPasswordsModule, type AppPasswordsPorts } from "./app-passwords.module.ts";
export { type AppPasswordsService, feverKeyOf } from "./app-passwords.service.ts";
