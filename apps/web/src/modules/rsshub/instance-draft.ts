import { type RsshubInstance, type RsshubInstanceInput, rsshubInstanceInput } from "@tidings/contracts";

/** Who may use an instance: its owner only, up to a number of readers, or anyone. */
export type LimitMode = "private" | "limited" | "unlimited";

/** The instance form as typed: text as it is in the fields, checked when saved. */
export interface InstanceDraft {
  baseUrl: string;
  /** Empty when editing: keep the stored key. */
  accessKey: string;
  /** Editing: take the stored key away. */
  removeKey: boolean;
  description: string;
  price: string;
  limitMode: LimitMode;
  limit: string;
}

/** The fields a problem can be shown under. */
export type DraftField = "baseUrl" | "accessKey" | "description" | "price" | "userLimit";

/** What a problem is, as a key of `rsshub.form.errors`. */
export type DraftProblem = "base_url_required" | "base_url_invalid" | "too_long" | "price_invalid" | "limit_invalid" | "limit_too_small";

export const EMPTY_DRAFT: InstanceDraft = { baseUrl: "", accessKey: "", removeKey: false, description: "", price: "", limitMode: "private", limit: "10" };

/** The form filled from an instance of the caller's (the access key left empty: kept). */
export function draftOf(instance: RsshubInstance): InstanceDraft {
  const { userLimit } = instance;
  return {
    baseUrl: instance.baseUrl ?? "",
    accessKey: "",
    removeKey: false,
    description: instance.description,
    price: String(instance.price),
    limitMode: userLimit === null ? "unlimited" : userLimit <= 1 ? "private" : "limited",
    limit: userLimit !== null && userLimit > 1 ? String(userLimit) : "10",
  };
}

/** A number field: empty is `empty`, anything else as `Number` reads it (NaN when it is not one). */
const numberOf = (text: string, empty: number) => (text.trim() === "" ? empty : Number(text));

/** The request body the draft makes, before checking. */
function rawInput(draft: InstanceDraft, id: string | undefined) {
  const accessKey = draft.removeKey ? null : draft.accessKey.trim() ? draft.accessKey : undefined;
  return {
    ...(id ? { id } : {}),
    baseUrl: draft.baseUrl,
    ...(accessKey !== undefined ? { accessKey } : {}),
    description: draft.description,
    price: numberOf(draft.price, 0),
    // 0 keeps it to the owner (so does 1); null has no limit.
    userLimit: draft.limitMode === "private" ? 0 : draft.limitMode === "unlimited" ? null : numberOf(draft.limit, Number.NaN),
  };
}

function problemOf(field: DraftField, code: string): DraftProblem {
  if (field === "baseUrl") return code === "too_small" ? "base_url_required" : code === "too_big" ? "too_long" : "base_url_invalid";
  if (field === "price") return "price_invalid";
  if (field === "userLimit") return "limit_invalid";
  return "too_long";
}

const FIELDS: readonly string[] = ["baseUrl", "accessKey", "description", "price", "userLimit"];

/**
 * The draft checked with the server's own schema: the body to send, or the problems by field.
 * "Limited to" 0 or 1 reader would be private, so it asks for 2 or more.
 */
export function validateDraft(draft: InstanceDraft, id?: string): { input: RsshubInstanceInput; problems: null } | { input: null; problems: Partial<Record<DraftField, DraftProblem>> } {
  const raw = rawInput(draft, id);
  const parsed = rsshubInstanceInput.safeParse(raw);
  const problems: Partial<Record<DraftField, DraftProblem>> = {};
  for (const issue of parsed.error?.issues ?? []) {
    const field = String(issue.path[0] ?? "");
    if (FIELDS.includes(field)) problems[field as DraftField] ??= problemOf(field as DraftField, issue.code);
  }
  if (draft.limitMode === "limited" && Number.isInteger(raw.userLimit) && (raw.userLimit ?? 0) < 2) problems.userLimit ??= "limit_too_small";
  if (parsed.success && Object.keys(problems).length === 0) return { input: parsed.data, problems: null };
  return { input: null, problems };
}
