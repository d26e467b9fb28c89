import type { RsshubProblem } from "./rsshub-errors.ts";

/** A refusal inside a form: the message, and the server's reason under it (copyable text). */
export function ProblemBox({ problem }: { problem: RsshubProblem }) {
  return (
    <div role="alert" data-testid="rsshub-problem" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-300">
      <p className="font-medium">{problem.message}</p>
      {problem.reason ? (
        <p className="mt-0.5 text-xs break-words select-text" data-user-content>
          {problem.reason}
        </p>
      ) : null}
    </div>
  );
}
