import clsx from "clsx";

/** A row of mutually exclusive choices (tabs of the discover page, the Feeds / Lists switch). */
export function Segmented<T extends string>(props: { value: T; options: { value: T; label: string }[]; onChange: (value: T) => void; label: string; size?: "sm" | "md" }) {
  return (
    <div role="tablist" aria-label={props.label} className="inline-flex rounded-lg bg-zinc-100 p-0.5 dark:bg-zinc-800/80">
      {props.options.map((option) => (
        <button
          key={option.value}
          type="button"
          role="tab"
          aria-selected={props.value === option.value}
          onClick={() => props.onChange(option.value)}
          className={clsx(
            "rounded-md font-medium transition-colors",
            props.size === "sm" ? "px-2.5 py-1 text-xs" : "px-3.5 py-1.5 text-sm",
            props.value === option.value
              ? "bg-white text-zinc-900 shadow-xs dark:bg-zinc-700 dark:text-zinc-50"
              : "text-zinc-500 hover:text-zinc-800 dark:text-zinc-400 dark:hover:text-zinc-200",
          )}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
