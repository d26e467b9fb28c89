import * as Switch from "@radix-ui/react-switch";
import { FEED_VIEWS, type FeedView } from "@tidings/contracts";
import clsx from "clsx";
import { Check, ChevronsUpDown, Folder, FolderPlus } from "lucide-react";
import { type KeyboardEvent, useId, useState } from "react";
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
 * The category (folder) combobox: type a name, or pick one of the categories already in use from
 * the list under the field (filtered as you type; arrows and Enter choose). A name that is not in
 * the list makes a new folder.
 */
export function CategoryInput(props: { value: string; onChange: (value: string) => void; suggestions: string[]; label: string; placeholder?: string }) {
  const { t } = useTranslation("app");
  const id = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const typed = props.value.trim();
  const options = categoryOptions(props.suggestions, typed);
  const isNew = !!typed && !props.suggestions.some((name) => name.toLowerCase() === typed.toLowerCase());
  // Only while there is something to pick: a list with just "new folder" would cover the form for nothing.
  const expanded = open && options.length > 0;

  const choose = (name: string) => {
    props.onChange(name);
    setOpen(false);
    setActive(-1);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(true);
      if (!options.length) return;
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current) => (current + step + options.length) % options.length);
    } else if (event.key === "Enter" && expanded && active >= 0 && options[active] !== undefined) {
      event.preventDefault();
      choose(options[active]);
    } else if (event.key === "Tab" || event.key === "Escape") {
      setOpen(false);
    }
  };

  return (
    <div className="relative space-y-1">
      <label htmlFor={id} className={LABEL}>
        {props.label}
      </label>
      <div className="relative">
        <input
          id={id}
          name="category"
          role="combobox"
          aria-expanded={expanded}
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-activedescendant={expanded && active >= 0 ? `${id}-option-${active}` : undefined}
          value={props.value}
          placeholder={props.placeholder}
          autoComplete="off"
          maxLength={100}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
          onChange={(event) => {
            props.onChange(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          className={clsx(CONTROL, "pr-8")}
        />
        <ChevronsUpDown aria-hidden className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-zinc-400" />
      </div>
      {expanded ? (
        <ul
          id={`${id}-list`}
          role="listbox"
          className="absolute inset-x-0 top-full z-20 mt-1 max-h-48 overflow-y-auto rounded-lg border border-zinc-200 bg-white p-1 text-sm shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
        >
          {options.map((name, index) => (
            <li
              key={name}
              id={`${id}-option-${index}`}
              role="option"
              aria-selected={name === props.value}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(name)}
              onMouseEnter={() => setActive(index)}
              className={clsx(
                "flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-zinc-700 dark:text-zinc-200",
                index === active && "bg-zinc-100 dark:bg-zinc-800",
              )}
            >
              <Folder aria-hidden className="size-3.5 shrink-0 text-zinc-400" />
              <span className="min-w-0 flex-1 truncate">{name}</span>
              {name === props.value ? <Check aria-hidden className="size-3.5 shrink-0 text-orange-500" /> : null}
            </li>
          ))}
          {isNew ? (
            <li role="presentation" className="flex items-center gap-2 px-2 py-1.5 text-xs text-zinc-500">
              <FolderPlus aria-hidden className="size-3.5 shrink-0" />
              <span className="truncate">{t("follow.new_category", { name: typed })}</span>
            </li>
          ) : null}
        </ul>
      ) : null}
    </div>
  );
}

/** The categories to offer for what was typed: all of them for nothing or an exact name, else those containing it. */
export function categoryOptions(suggestions: string[], typed: string): string[] {
  const query = typed.trim().toLowerCase();
  if (!query || suggestions.some((name) => name.toLowerCase() === query)) return suggestions;
  return suggestions.filter((name) => name.toLowerCase().includes(query));
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
