import clsx from "clsx";
import { useId, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { type Option, SelectControl, SwitchControl } from "./setting-controls.tsx";

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
