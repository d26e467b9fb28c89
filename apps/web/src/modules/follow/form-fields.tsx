import * as Switch from "@radix-ui/react-switch";
import { FEED_VIEWS, type FeedView } from "@tidings/contracts";
import { useId } from "react";
import { useTranslation } from "react-i18next";

const LABEL = "block text-sm font-medium text-zinc-700 dark:text-zinc-300";
const CONTROL =
  "w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm outline-none focus:border-orange-500 focus:ring-2 focus:ring-orange-500/20 dark:border-zinc-700 dark:bg-zinc-900";

/** The view a subscription goes to (the six views of spec §1, by their translated names). */
export function ViewSelect({ value, onChange, label }: { value: FeedView; onChange: (view: FeedView) => void; label: string }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className={LABEL}>
        {label}
      </label>
      <select id={id} name="view" value={value} onChange={(event) => onChange(Number(event.target.value) as FeedView)} className={CONTROL}>
        {FEED_VIEWS.map((view) => (
          <option key={view} value={view}>
            {t(`views.${view}`)}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * A free-text category with the categories already in use offered as suggestions (a datalist, so
 * typing a new name makes a new folder).
 */
export function CategoryInput(props: { value: string; onChange: (value: string) => void; suggestions: string[]; label: string; placeholder?: string }) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className={LABEL}>
        {props.label}
      </label>
      <input
        id={id}
        name="category"
        list={`${id}-list`}
        value={props.value}
        placeholder={props.placeholder}
        autoComplete="off"
        maxLength={100}
        onChange={(event) => props.onChange(event.target.value)}
        className={CONTROL}
      />
      <datalist id={`${id}-list`}>
        {props.suggestions.map((category) => (
          <option key={category} value={category} />
        ))}
      </datalist>
    </div>
  );
}

/** An on/off setting with its explanation (e.g. "private": hidden from your public profile). */
export function SwitchField(props: { checked: boolean; onChange: (checked: boolean) => void; label: string; description?: string }) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4">
      <div className="min-w-0">
        <label htmlFor={id} className={LABEL}>
          {props.label}
        </label>
        {props.description ? <p className="text-xs text-zinc-500">{props.description}</p> : null}
      </div>
      <Switch.Root
        id={id}
        checked={props.checked}
        onCheckedChange={props.onChange}
        className="relative h-5 w-9 shrink-0 rounded-full bg-zinc-300 transition-colors data-[state=checked]:bg-orange-500 dark:bg-zinc-700"
      >
        <Switch.Thumb className="block size-4 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[18px]" />
      </Switch.Root>
    </div>
  );
}

/** A secondary (cancel) button beside a form's primary one. */
export function SecondaryButton({ onClick, children }: { onClick: () => void; children: string }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="rounded-lg px-3 py-2 text-sm font-medium text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800"
    >
      {children}
    </button>
  );
}

/** A form's primary button: a spinner and no second click while `pending` (spec §4 async buttons). */
export function PrimaryButton({ pending, disabled, children }: { pending?: boolean; disabled?: boolean; children: string }) {
  return (
    <button
      type="submit"
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      className="flex items-center justify-center gap-2 rounded-lg bg-orange-500 px-4 py-2 text-sm font-medium text-white shadow-sm hover:bg-orange-600 disabled:cursor-not-allowed disabled:opacity-50"
    >
      {pending ? <span className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white" aria-hidden /> : null}
      {children}
    </button>
  );
}
