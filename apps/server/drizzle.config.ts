import { defineConfig } from "drizzle-kit";

// Generates SQL migrations from the schema: `npm run db:generate`. The server applies them at
// start (src/db/migrate.ts); drizzle-kit never touches a live database.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/db/schema/index.ts",
  out: "./src/db/migrations",
});
