import { z } from "zod";

/**
 * A Tidings backup: gzip'd JSON lines. The first line is the header below; then, table after table
 * in the header's order, exactly `rows` lines of that table's rows (each one JSON object, as
 * PostgreSQL's `row_to_json` wrote it); then the trailer `{"end":true,"rows":<total>}`. The header
 * names the migrations the data was made under, so a restore knows which schema it fits.
 */
export const BACKUP_FORMAT = "tidings-backup";
export const BACKUP_VERSION = 1;

const headerSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.number().int(),
  createdAt: z.string(),
  driver: z.enum(["pglite", "postgres", "embedded"]),
  lastMigration: z.string().nullable(),
  migrations: z.array(z.object({ name: z.string(), hash: z.string() })),
  tables: z.array(z.object({ name: z.string().min(1), columns: z.array(z.string().min(1)).min(1), rows: z.number().int().nonnegative() })),
  sequences: z.array(z.object({ name: z.string().min(1), lastValue: z.string().regex(/^-?\d+$/), isCalled: z.boolean() })),
});

export type BackupHeader = z.infer<typeof headerSchema>;

const trailerSchema = z.object({ end: z.literal(true), rows: z.number().int().nonnegative() });

/** A backup file that cannot be read: not a backup, damaged or cut short. Nothing was written. */
export class BackupFileError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "BackupFileError";
  }
}

export function parseHeader(line: string | undefined): BackupHeader {
  if (line === undefined) throw new BackupFileError("The backup is empty");
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new BackupFileError("This is not a Tidings backup (its first line is not JSON)");
  }
  const format = (value as { format?: unknown } | null)?.format;
  if (format !== BACKUP_FORMAT) throw new BackupFileError("This is not a Tidings backup (no tidings-backup header)");
  const version = (value as { version?: unknown }).version;
  if (typeof version === "number" && version > BACKUP_VERSION) {
    throw new BackupFileError(`The backup is in format version ${version}; this Tidings reads version ${BACKUP_VERSION} and older. Upgrade Tidings to restore it.`);
  }
  const parsed = headerSchema.safeParse(value);
  if (!parsed.success) throw new BackupFileError(`The backup's header is damaged: ${parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ")}`);
  return parsed.data;
}

export function trailerLine(rows: number): string {
  return JSON.stringify({ end: true, rows });
}

export function checkTrailer(line: string | undefined, rows: number): void {
  if (line === undefined) throw new BackupFileError(`The backup is cut short: it ends after its ${rows} rows without the end mark`);
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    value = null;
  }
  const parsed = trailerSchema.safeParse(value);
  if (!parsed.success) throw new BackupFileError("The backup is damaged: it holds more rows than its header counts");
  if (parsed.data.rows !== rows) throw new BackupFileError(`The backup is damaged: its end mark counts ${parsed.data.rows} rows, its header ${rows}`);
}
