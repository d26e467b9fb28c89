import type { ButtonHTMLAttributes, InputHTMLAttributes, ReactNode } from "react";

/** A labelled text input with its error under it (spec §5: form errors appear under the field). */
export function Field(props: InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string | undefined; hint?: string }) {
  const { label, error, hint, id, ...input } = props;
  const inputId = id ?? `field-${input.name}`;
  return (
    <div className="space-y-1">
      <label htmlFor={inputId} className="block text-sm font-medium text-zinc-700 dark:text-zinc-300">
        {label}
      </label>
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : undefined}
        className="w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm outline-none focus:border-orange-500 focus:ring-2 focus:ring-orange-500/20 aria-invalid:border-red-500 dark:border-zinc-700 dark:bg-zinc-900"
        {...input}
      />
      {error ? (
        <p id={`${inputId}-error`} role="alert" className="text-xs text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : hint ? (
        <p className="text-xs text-zinc-500">{hint}</p>
      ) : null}
    </div>
  );
}

/** A primary button that shows a spinner and ignores clicks while `pending` (spec §4). */
export function SubmitButton(props: ButtonHTMLAttributes<HTMLButtonElement> & { pending?: boolean; children: ReactNode }) {
  const { pending, children, disabled, ...button } = props;
  return (
    <button
      type="submit"
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      className="flex w-full items-center justify-center gap-2 rounded-lg bg-orange-500 px-4 py-2 text-sm font-medium text-white hover:bg-orange-600 disabled:cursor-not-allowed disabled:opacity-50"
      {...button}
    >
      {pending ? <span className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white" aria-hidden /> : null}
      {children}
    </button>
  );
}
