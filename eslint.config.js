// Lint rules, including the layering of HOUSE-STYLE.md. Each restriction says why it exists.
import js from "@eslint/js";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// Each rule: what may not be imported, and why.
const RULES = {
  noWorkspace: { group: ["@tidings/*"], message: "packages/utils is the bottom layer: pure helpers that import no workspace package." },
  contractsDeps: {
    group: ["@tidings/*", "!@tidings/utils"],
    message: "packages/contracts is shared by server and client; it may use @tidings/utils and nothing else of ours.",
  },
  i18nDeps: { group: ["@tidings/*"], message: "packages/i18n holds strings only and imports nothing of ours." },
  noApps: { group: ["**/apps/**", "@tidings/server", "@tidings/web"], message: "Packages sit below the apps and never import them." },
  serverPublicApi: {
    group: ["**/apps/server/**"],
    message:
      "Outside apps/server, use the server's public API: @tidings/server, @tidings/server/process, @tidings/server/testing " +
      "(and the file @tidings/server/main resolves to, to start it as a process), so that its insides can move freely.",
  },
  routesNoData: { group: ["**/*.repo.ts", "**/db/**"], message: "Routes talk to services only; SQL lives in repos behind them." },
  serviceNoHttp: {
    group: ["hono", "hono/*", "@hono/*"],
    message: "Services hold the rules and know nothing of HTTP: throw AppError, the route answers.",
  },
  serviceNoDb: {
    group: ["**/db/client.ts", "**/db/schema/**"],
    allowTypeImports: true,
    message: "Services reach the database through their repo (row types may be imported; transactions come injected).",
  },
  repoBottom: {
    group: ["**/*.service.ts", "**/*.routes.ts", "hono", "hono/*"],
    message: "Repos are the bottom of a feature: queries only, no rules, no HTTP.",
  },
  otherFeature: {
    regex: "(^\\.\\./[^./][^/]*/|(^|/)features/[^/]+/)[^/]+\\.(repo|routes)\\.ts$",
    message: "Features talk to each other through the other feature's service, never its repo or routes.",
  },
  serverInfra: {
    group: ["**/features/**", "**/http/**", "**/auth/**"],
    message: "db/ and lib/ are infrastructure: they never import features or HTTP code.",
  },
  webLib: {
    group: ["**/modules/**", "**/pages/**", "**/queries/**", "**/store/**"],
    message: "lib/ is infrastructure for everything above it and never imports upward.",
  },
  webData: { group: ["**/modules/**", "**/pages/**"], message: "Data layers (queries, stores) never import UI." },
  webComponents: {
    group: ["**/modules/**", "**/pages/**", "**/queries/**", "**/store/**", "**/db/**", "**/actions/**", "**/startup/**"],
    message: "components/ is shared UI below the modules (any module may use it): it imports lib/ and packages only.",
  },
  modulesNoPages: { group: ["**/pages/**"], message: "Modules never import pages; pages compose modules." },
  // A module's public surface is its index.ts, plus boot.ts where start-up needs a light part of
  // it without its screens (code splitting: index.ts may pull in a whole page).
  moduleSurface: {
    regex: "^\\.\\./[^./][^/]*/(?!(index|boot)\\.ts$)[^/]+$",
    message: "Another module is used only through its public surface, modules/<name>/index.ts (or boot.ts).",
  },
  pageSurface: {
    regex: "(^|/)modules/[^/]+/(?!(index|boot)\\.ts$)",
    message: "Pages use a module only through its public surface, modules/<name>/index.ts (or boot.ts).",
  },
};

const TESTS = ["**/*.test.ts", "**/*.test.tsx"];
/** The web client's files that have a layer of their own below; the rest of apps/web shares one. */
const WEB_LAYERED = ["apps/web/src/lib/**", "apps/web/src/queries/**", "apps/web/src/store/**", "apps/web/src/components/**", "apps/web/src/modules/**", "apps/web/src/pages/**", "apps/web/src/*.tsx"];

/** One config per layer; `files`/`ignores` keep every file in exactly one layer. */
function layering() {
  const layer = (files, rules, ignores = []) => ({
    files,
    ignores: [...TESTS, ...ignores],
    rules: { "no-restricted-imports": ["error", { patterns: rules.map((name) => RULES[name]) }] },
  });
  const testLayer = (dirs, rules) => ({
    files: dirs.flatMap((dir) => TESTS.map((test) => `${dir}/${test}`)),
    rules: { "no-restricted-imports": ["error", { patterns: rules.map((name) => RULES[name]) }] },
  });
  const F = "apps/server/src/features/**";
  // Packages' noApps already keeps them off every app, the server's public API included.
  return [
    layer(["packages/utils/**"], ["noWorkspace", "noApps"]),
    layer(["packages/contracts/**"], ["contractsDeps", "noApps"]),
    layer(["packages/i18n/**"], ["i18nDeps", "noApps"]),
    layer([`${F}/*.routes.ts`], ["routesNoData", "otherFeature"]),
    layer([`${F}/*.service.ts`], ["serviceNoHttp", "serviceNoDb", "otherFeature"]),
    layer([`${F}/*.repo.ts`], ["repoBottom", "otherFeature"]),
    layer([`${F}/*.ts`], ["otherFeature"], [`${F}/*.routes.ts`, `${F}/*.service.ts`, `${F}/*.repo.ts`]),
    layer(["apps/server/src/**/*.routes.ts"], ["routesNoData"], [`${F}/*`]),
    layer(["apps/server/src/db/**", "apps/server/src/lib/**", "apps/server/src/timeline/**"], ["serverInfra"]),
    layer(["apps/web/src/lib/**"], ["webLib", "serverPublicApi"]),
    layer(["apps/web/src/queries/**", "apps/web/src/store/**"], ["webData", "serverPublicApi"]),
    layer(["apps/web/src/components/**"], ["webComponents", "serverPublicApi"]),
    layer(["apps/web/src/modules/**"], ["modulesNoPages", "moduleSurface", "serverPublicApi"]),
    layer(["apps/web/src/pages/**", "apps/web/src/*.tsx"], ["pageSurface", "serverPublicApi"]),
    layer(["apps/web/**"], ["serverPublicApi"], WEB_LAYERED),
    layer(["scripts/**", "e2e/**"], ["serverPublicApi"]),
    // Tests are left out of the layers above (a test may reach inside its own layer), but they
    // too stay off the server's insides (and packages' tests off the apps).
    testLayer(["scripts", "e2e", "apps/web"], ["serverPublicApi"]),
    testLayer(["packages"], ["noApps"]),
  ];
}

export default tseslint.config(
  { ignores: ["**/node_modules/**", "**/dist/**", "**/.artifacts/**", "apps/server/src/db/migrations/**", "data/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: "latest", sourceType: "module" },
    plugins: { "import-x": importX },
    settings: { "import-x/resolver": { typescript: true, node: true } },
    rules: {
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-console": ["error", { allow: ["error", "warn"] }],
    },
  },
  {
    files: ["apps/web/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // The service worker runs in its own global scope (self, caches, clients), not a window.
    files: ["apps/web/public/sw.js"],
    languageOptions: { globals: { ...globals.serviceworker }, sourceType: "script" },
  },
  {
    files: ["scripts/**", "e2e/**", "**/*.test.{ts,tsx}", "**/test/**", "apps/server/src/cli/run.ts"],
    rules: { "no-console": "off" },
  },

  // ---- Layering ----
  // A file gets every restriction of every layer it belongs to: ESLint keeps only the last
  // "no-restricted-imports" of the configs matching a file, so each file is matched once, below.
  ...layering(),
  {
    files: ["apps/**"],
    rules: {
      "import-x/no-relative-packages": "error",
    },
  },
);
