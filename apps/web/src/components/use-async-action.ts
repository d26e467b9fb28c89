import { useCallback, useState } from "react";

/** A failure's own message: what a form shows when it has nothing better to say. */
const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** `run`'s key: none for a plain action (pending is `true`), one per button for a keyed one. */
type KeyArgument<Key> = [Key] extends [true] ? [] : [key: Key];

export interface AsyncAction<Key> {
  /** `false` when idle, else the key of the running task (`true` when the action is not keyed). */
  pending: Key | false;
  /** The failure of the last task, described; cleared when the next one starts. */
  error: string | undefined;
  setError: (error: string | undefined) => void;
  /** Runs `task`, keeping pending and error in step; resolves whether it succeeded (never rejects). */
  run: (task: () => Promise<unknown>, ...key: KeyArgument<Key>) => Promise<boolean>;
}

/**
 * The pending and error state of a form's async action (spec §4: the button spins and ignores
 * clicks meanwhile; §5: the error shows under the field). Pass `Key` (e.g. `string`) when several
 * buttons share one action and each spins on its own: `pending` then holds the running one's key.
 */
export function useAsyncAction<Key extends string | true = true>(describe: (error: unknown) => string = messageOf): AsyncAction<Key> {
  const [pending, setPending] = useState<Key | false>(false);
  const [error, setError] = useState<string>();

  const run = useCallback(
    async (task: () => Promise<unknown>, ...[key]: KeyArgument<Key>) => {
      // Without a key, Key is `true` (KeyArgument allows no key only then).
      setPending((key ?? true) as Key);
      setError(undefined);
      try {
        await task();
        return true;
      } catch (caught) {
        setError(describe(caught));
        return false;
      } finally {
        setPending(false);
      }
    },
    [describe],
  );

  return { pending, error, setError, run };
}
