import { isFeedView } from "@tidings/contracts";
import { type FormEvent, useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { PrimaryButton, SecondaryButton } from "../../components/form-fields.tsx";
import { openFollowDialog } from "../follow/index.ts";
import { ResolvedThrough } from "../rsshub/index.ts";
import { useCopy } from "../toast/index.ts";
import type { RsshubParameter, RsshubRoute } from "./discover-api.ts";
import { RoutePreview } from "./route-preview.tsx";
import { buildRsshubUrl, exampleValues, formParams } from "./rsshub-url.ts";

const CONTROL =
  "w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm outline-none focus:border-orange-500 focus:ring-2 focus:ring-orange-500/20 aria-invalid:border-red-500 dark:border-zinc-700 dark:bg-zinc-900";

/** What a route form needs: the namespace key (`rsshub://<prefix>/…`), its name and site, and the route. */
export interface RouteFormTarget {
  prefix: string;
  namespace: { name: string; url: string };
  route: RsshubRoute;
  /** Values to start with (a deep link's concrete path). */
  values?: Record<string, string>;
}

const describe = (parameter: RsshubParameter | undefined) => (typeof parameter === "string" ? { description: parameter } : (parameter ?? {}));

/**
 * The parameter form of one RSSHub route: a field per path parameter (its description, default
 * and choices from the catalogue), the `rsshub://` URL built live as it is typed, the instance it
 * resolves through, a preview of its entries once every required parameter is there, and Follow,
 * which opens the follow dialog with that URL and the route's suggested view.
 */
export function RouteForm({ target, onDone }: { target: RouteFormTarget; onDone: () => void }) {
  const { t } = useTranslation("app");
  const id = useId();
  const { prefix, route } = target;
  const params = useMemo(() => formParams(route.path), [route.path]);
  const examples = useMemo(() => exampleValues(prefix, route.path, route.example), [prefix, route.path, route.example]);
  // Empty at first (or a deep link's values): a parameter left out takes its default on the RSSHub side (shown as the placeholder).
  const [values, setValues] = useState<Record<string, string>>(() => target.values ?? {});
  const [submitted, setSubmitted] = useState(false);
  const built = buildRsshubUrl(prefix, route.path, values);
  const { copied, copy } = useCopy();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!built.complete) return;
    onDone();
    openFollowDialog({ view: isFeedView(route.view) ? route.view : 0, url: built.url });
  };

  const fieldError = (name: string) => {
    if (!submitted) return null;
    if (built.missing.includes(name)) return t("discover.param_required");
    if (built.gap === name) return t("discover.param_gap");
    return null;
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4 p-5">
      <div>
        <h3 className="font-semibold">{route.name}</h3>
        <p className="mt-0.5 font-mono text-xs text-zinc-500">
          rsshub://{prefix}
          {route.path}
        </p>
      </div>
      {route.description ? (
        <div className="max-h-40 overflow-auto rounded-lg bg-zinc-50 p-3 text-xs whitespace-pre-wrap text-zinc-600 dark:bg-zinc-800/60 dark:text-zinc-300">{route.description}</div>
      ) : null}
      {params.length === 0 ? <p className="text-sm text-zinc-500">{t("discover.no_params")}</p> : null}
      {params.map((param) => {
        const info = describe(route.parameters[param.name]);
        const error = fieldError(param.name);
        const fieldId = `${id}-${param.name}`;
        return (
          <div key={param.name} className="space-y-1">
            <label htmlFor={fieldId} className="flex items-baseline gap-2 text-sm font-medium text-zinc-700 dark:text-zinc-300">
              <span className="font-mono">{param.name}</span>
              <span className="text-xs font-normal text-zinc-400">{param.optional ? t("discover.param_optional") : t("discover.param_required_badge")}</span>
            </label>
            {info.options?.length ? (
              <select
                id={fieldId}
                name={param.name}
                value={values[param.name] ?? ""}
                aria-invalid={error ? true : undefined}
                onChange={(event) => setValues((current) => ({ ...current, [param.name]: event.target.value }))}
                className={CONTROL}
              >
                <option value="">{info.default ? t("discover.param_default", { value: info.default }) : t("discover.param_none")}</option>
                {info.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            ) : (
              <input
                id={fieldId}
                name={param.name}
                value={values[param.name] ?? ""}
                autoComplete="off"
                spellCheck={false}
                placeholder={info.default ? t("discover.param_default", { value: info.default }) : examples[param.name] ? t("discover.param_example", { value: examples[param.name] }) : ""}
                aria-invalid={error ? true : undefined}
                aria-describedby={`${fieldId}-hint`}
                onChange={(event) => setValues((current) => ({ ...current, [param.name]: event.target.value }))}
                className={CONTROL}
              />
            )}
            <p id={`${fieldId}-hint`} className={error ? "text-xs text-red-600 dark:text-red-400" : "text-xs text-zinc-500"} role={error ? "alert" : undefined}>
              {error ?? info.description ?? ""}
            </p>
          </div>
        );
      })}
      <div className="space-y-1">
        <p className="text-xs font-medium text-zinc-500">{t("discover.url_preview")}</p>
        <div className="flex items-center gap-2 rounded-lg border border-zinc-200 bg-zinc-50 px-3 py-2 dark:border-zinc-700 dark:bg-zinc-800/60">
          <output data-testid="rsshub-url" className="min-w-0 flex-1 font-mono text-sm break-all" aria-live="polite">
            {built.url}
          </output>
          <button type="button" onClick={() => void copy(built.url).catch(() => undefined)} className="shrink-0 text-xs font-medium text-orange-600 hover:underline dark:text-orange-400">
            {copied ? t("discover.copied") : t("discover.copy")}
          </button>
        </div>
        <ResolvedThrough />
      </div>
      <RoutePreview url={built.complete ? built.url : null} />
      {route.maintainers.length ? (
        <p className="text-xs text-zinc-500">
          {t("discover.maintainers")}{" "}
          {route.maintainers.map((name, index) => (
            <span key={name}>
              {index ? ", " : ""}
              <a href={`https://github.com/${encodeURIComponent(name)}`} target="_blank" rel="noreferrer noopener" className="hover:text-orange-600 hover:underline">
                @{name}
              </a>
            </span>
          ))}
        </p>
      ) : null}
      <div className="flex justify-end gap-2 pt-1">
        <SecondaryButton onClick={onDone}>{t("modal.cancel")}</SecondaryButton>
        <PrimaryButton>{t("discover.follow")}</PrimaryButton>
      </div>
    </form>
  );
}
