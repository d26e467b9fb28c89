const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The first-run screen: the address of a Tidings server, or Tidings run on this computer (the
 * embedded server, its data in the app's folder). Self-contained: it runs before any server.
 */
export function firstRunPage(options: { error?: string; lastUrl?: string; local?: boolean } = {}): string {
  const error = options.error ? `<p role="alert" class="error">${escape(options.error)}</p>` : "";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Welcome to Tidings</title>
<meta name="color-scheme" content="light dark">
<style>
  body { font: 15px/1.5 system-ui, sans-serif; margin: 0; display: grid; place-items: center; min-height: 100vh; background: #fafafa; color: #18181b; }
  .card { width: min(420px, 90vw); padding: 32px; border: 1px solid #e4e4e7; border-radius: 14px; background: #fff; }
  h1 { font-size: 22px; margin: 0 0 4px; } p { margin: 0 0 20px; color: #71717a; }
  label { display: block; font-weight: 600; margin-bottom: 6px; }
  input { width: 100%; box-sizing: border-box; padding: 9px 11px; border: 1px solid #d4d4d8; border-radius: 8px; font: inherit; }
  button { font: inherit; padding: 9px 14px; border-radius: 8px; border: 0; cursor: pointer; }
  .primary { background: #ff5c00; color: #fff; width: 100%; margin-top: 12px; }
  .secondary { background: transparent; color: inherit; border: 1px solid #d4d4d8; width: 100%; }
  .or { text-align: center; margin: 18px 0; font-size: 13px; }
  .error { color: #dc2626; margin: 12px 0 0; }
  button[disabled] { opacity: .6; cursor: default; }
  /* Last, so that it wins over the light rules above. */
  @media (prefers-color-scheme: dark) {
    body { background: #18181b; color: #f4f4f5; }
    input { background: #27272a; color: inherit; border-color: #3f3f46; }
    .card { background: #202023; border-color: #3f3f46; }
    .secondary { border-color: #3f3f46; }
    p { color: #a1a1aa; }
  }
</style></head><body>
<main class="card">
  <h1>Welcome to Tidings</h1>
  <p>${options.local === false ? "Connect to your Tidings server." : "Connect to your Tidings server, or run Tidings on this computer."}</p>
  <form id="connect">
    <label for="url">Server address</label>
    <input id="url" name="url" type="url" required placeholder="https://tidings.example.com" value="${escape(options.lastUrl ?? "")}" autofocus>
    <button class="primary" type="submit">Connect</button>
  </form>
  ${options.local === false ? "" : `<div class="or">or</div>
  <button class="secondary" id="local" type="button">Run Tidings on this computer</button>`}
  ${error}
  <p id="status" role="status" style="margin:12px 0 0"></p>
</main>
<script>
  const status = document.getElementById("status");
  const buttons = [...document.querySelectorAll("button")];
  async function connect(input, message) {
    buttons.forEach((b) => (b.disabled = true));
    status.textContent = message;
    try {
      const result = await window.tidings.call("app.connect", input);
      if (!result || !result.ok) throw new Error((result && result.message) || "Could not connect");
    } catch (error) {
      status.textContent = error.message;
      status.className = "error";
      buttons.forEach((b) => (b.disabled = false));
    }
  }
  document.getElementById("connect").addEventListener("submit", (event) => {
    event.preventDefault();
    connect({ url: document.getElementById("url").value.trim() }, "Connecting…");
  });
  document.getElementById("local")?.addEventListener("click", () => connect({ local: true }, "Starting Tidings on this computer…"));
</script></body></html>`;
}
