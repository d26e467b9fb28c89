import * as Switch from "@radix-ui/react-switch";

/** An on/off switch, as every setting shows it. */
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
