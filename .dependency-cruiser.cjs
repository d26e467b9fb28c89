// The architecture's rules, checked on the whole import graph by `npm run check:deps` (part of
// `npm test`). Type-only imports and barrel re-exports count as imports: that is how a reader
// follows the code, and a circle through them is a circle still. Each rule says why it exists.
const SERVER = "^apps/server/src/";
// Below the features: infrastructure and shared kinds of data, knowing no feature.
const SERVER_LOWER = `${SERVER}(lib|db|content|config|timeline|http)/|${SERVER}(errors|platform|ports)\\.ts$`;
// The composition: entry points, the root and what only it may know.
// Tests may reach into what they test.
const TESTS = "\\.test\\.tsx?$";
const SERVER_TOP = `${SERVER}(root|app|env|main|worker|worker-run|cli|index|engine|process|client-config)\\.ts$|${SERVER}cli/`;

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "No import circles, type imports and barrels included: a circle means neither side can be read, tested or moved alone.",
      from: {},
      to: { circular: true },
    },
    {
      name: "server-lower-layers",
      severity: "error",
      comment: "lib/, db/, content/, config/, timeline/ and http/ sit below the features: they never import a feature, the feed engine, sign-in or the composition.",
      from: { path: SERVER_LOWER, pathNot: TESTS },
      to: { path: `${SERVER}(features|fetcher|auth)/|${SERVER_TOP}` },
    },
    {
      name: "features-below-the-root",
      severity: "error",
      comment: "Features receive what they need as ports: they never import the composition root, the app, env.ts or an entry point.",
      from: { path: `${SERVER}(features|fetcher|auth)/`, pathNot: TESTS },
      to: { path: SERVER_TOP },
    },
    {
      name: "feature-public-surface",
      severity: "error",
      comment: "A feature uses another (or sign-in, or the feed engine) only through its public index.ts, never its files.",
      from: { path: `${SERVER}features/([^/]+)/`, pathNot: TESTS },
      to: { path: `${SERVER}(features/[^/]+|auth|fetcher)/`, pathNot: [`${SERVER}features/$1/`, `${SERVER}(features/[^/]+|auth|fetcher)/index\\.ts$`] },
    },
    {
      name: "engine-and-sign-in-public-surface",
      severity: "error",
      comment: "The feed engine and sign-in use features only through their public index.ts.",
      from: { path: `${SERVER}(auth|fetcher)/`, pathNot: TESTS },
      to: { path: `${SERVER}(features/[^/]+|auth|fetcher)/`, pathNot: [`${SERVER}$1/`, `${SERVER}(features/[^/]+|auth|fetcher)/index\\.ts$`] },
    },
    {
      name: "root-uses-public-surfaces",
      severity: "error",
      comment: "Even the composition knows features only by their public index.ts (and env.ts their settings, *.config.ts, read before anything loads): their insides may move freely.",
      from: { path: SERVER_TOP, pathNot: TESTS },
      to: { path: `${SERVER}(features/[^/]+|auth|fetcher)/`, pathNot: [`${SERVER}(features/[^/]+|auth|fetcher)/(index|[^/]+\\.config)\\.ts$`, `${SERVER}features/health/`] },
    },
    {
      name: "server-public-api",
      severity: "error",
      comment: "Outside apps/server, the server is used only through its public API: @tidings/server (src/index.ts), @tidings/server/process, @tidings/server/main and @tidings/server/testing.",
      from: { path: "^(scripts|e2e|packages|apps/web)/" },
      to: { path: "^apps/server/", pathNot: "^apps/server/(src/(index|process|main)\\.ts|test/helpers/testing\\.ts)$" },
    },
    {
      name: "packages-below-apps",
      severity: "error",
      comment: "Packages sit below the apps and never import them.",
      from: { path: "^packages/" },
      to: { path: "^apps/" },
    },
    {
      name: "web-lower-layers",
      severity: "error",
      comment: "In the web client, lib/, db/ and components/ sit below data (queries, store) and UI (modules, pages): they never import upward.",
      from: { path: "^apps/web/src/(lib|db|components)/", pathNot: TESTS },
      to: { path: "^apps/web/src/(modules|pages|queries|store)/" },
    },
    {
      name: "web-data-below-ui",
      severity: "error",
      comment: "Data layers (queries, stores) never import UI (modules, pages).",
      from: { path: "^apps/web/src/(queries|store)/", pathNot: TESTS },
      to: { path: "^apps/web/src/(modules|pages)/" },
    },
    {
      name: "web-module-public-surface",
      severity: "error",
      comment: "A web module uses another only through its public surface: modules/<name>/index.ts (or boot.ts, a light part of it for start-up).",
      from: { path: "^apps/web/src/modules/([^/]+)/", pathNot: TESTS },
      to: { path: "^apps/web/src/modules/[^/]+/", pathNot: ["^apps/web/src/modules/$1/", "^apps/web/src/modules/[^/]+/(index|boot)\\.ts$"] },
    },
    {
      name: "web-modules-below-pages",
      severity: "error",
      comment: "Modules never import pages; pages compose modules.",
      from: { path: "^apps/web/src/modules/", pathNot: TESTS },
      to: { path: "^apps/web/src/pages/" },
    },
    {
      name: "desktop-workspace-deps",
      severity: "error",
      comment: "The desktop app speaks to the web client only through the bridge's contract: of the workspace it imports packages/contracts alone, never another app or package.",
      from: { path: "^apps/desktop/" },
      to: { path: "^(apps/(?!desktop/)|packages/(?!contracts/))" },
    },
    {
      name: "desktop-shell-knows-no-host",
      severity: "error",
      comment: "The shell's logic runs on any host through host.ts: it never imports a host (electron/, chromium/).",
      from: { path: "^apps/desktop/src/shell/" },
      to: { path: "^apps/desktop/src/(electron|chromium)/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|dist|\\.artifacts)/" },
    // Type-only imports are imports too.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.base.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".json"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
