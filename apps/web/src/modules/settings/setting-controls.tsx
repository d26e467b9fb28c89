import * as Switch from "@radix-ui/react-switch";
import clsx from "clsx";
import { useId, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** One setting: its title and one-line description on the left, its control on the right. */
export function SettingRow(props: { title: string; description?: string; hint?: string; htmlFor?: string; children: ReactNode; stacked?: boolean }) {
  return (
    <div className={clsx("gap-4 py-3", props.stacked ? "space-y-2" : "flex items-center justify-between")}>
      <div className="min-w-0">
        <label htmlFor={props.htmlFor} className="text-sm font-medium">
          {props.title}
        </label>
        {props.description ? <p className="text-xs text-zinc-500">{props.description}</p> : null}
        {props.hint ? <p className="text-xs text-amber-600 dark:text-amber-400">{props.hint}</p> : null}
      </div>
      {props.children}
    </div>
  );
}

/** A titled group of rows. */
export function SettingGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-1">
      <h3 className="text-xs font-semibold tracking-wide text-zinc-500 uppercase">{title}</h3>
      <div className="divide-y divide-zinc-100 dark:divide-zinc-800">{children}</div>
    </section>
  );
}

export function SwitchControl(props: { id?: string; checked: boolean; disabled?: boolean; label: string; onChange: (checked: boolean) => void }) {
  return (
    <Switch.Root
      id={props.id}
      checked={props.checked}
      disabled={props.disabled}
      onCheckedChange={props.onChange}
      aria-label={props.label}
      className="relative h-5 w-9 shrink-0 rounded-full bg-zinc-300 transition-colors disabled:opacity-50 data-[state=checked]:bg-orange-500 dark:bg-zinc-700"
    >
      <Switch.Thumb className="block size-4 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[18px]" />
    </Switch.Root>
  );
}

export interface Option<T extends string | number> {
  value: T;
  label: string;
}

export function SelectControl<T extends string | number>(props: {
  id?: string;
  value: T;
  options: Option<T>[];
  disabled?: boolean;
  label: string;
  testId?: string;
  onChange: (value: T) => void;
}) {
  return (
    <select
      id={props.id}
      data-testid={props.testId}
      aria-label={props.label}
      value={String(props.value)}
      disabled={props.disabled}
      onChange={(event) => {
        const picked = props.options.find((option) => String(option.value) === event.target.value);
        if (picked) props.onChange(picked.value);
      }}
      className="max-w-64 shrink-0 rounded-lg border border-zinc-300 bg-white px-2 py-1 text-sm disabled:opacity-50 dark:border-zinc-700 dark:bg-zinc-900"
    >
      {props.options.map((option) => (
        <option key={String(option.value)} value={String(option.value)}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

/** A switch row whose texts are `settings:<prefix>.<name>` and `…_description`. */
export function SwitchRow(props: { prefix: string; name: string; checked: boolean; disabled?: boolean; hint?: string; onChange: (checked: boolean) => void }) {
  const { t } = useTranslation("settings");
  const id = useId();
  const title = t(`${props.prefix}.${props.name}`);
  return (
    <SettingRow title={title} description={t(`${props.prefix}.${props.name}_description`)} hint={props.hint} htmlFor={id}>
      <SwitchControl id={id} checked={props.checked} disabled={props.disabled} label={title} onChange={props.onChange} />
    </SettingRow>
  );
}

/** A select row whose texts are `settings:<prefix>.<name>` and `…_description`. */
export function SelectRow<T extends string | number>(props: {
  prefix: string;
  name: string;
  value: T;
  options: Option<T>[];
  disabled?: boolean;
  hint?: string;
  testId?: string;
  onChange: (value: T) => void;
}) {
  const { t } = useTranslation("settings");
  const id = useId();
  const title = t(`${props.prefix}.${props.name}`);
  return (
    <SettingRow title={title} description={t(`${props.prefix}.${props.name}_description`)} hint={props.hint} htmlFor={id}>
      <SelectControl id={id} value={props.value} options={props.options} disabled={props.disabled} label={title} testId={props.testId} onChange={props.onChange} />
    </SettingRow>
  );
}
