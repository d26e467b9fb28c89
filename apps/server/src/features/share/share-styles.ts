/**
 * The style of a server-rendered share page, until the client takes over: the client's start-up
 * skeleton (which would cover it) hidden, and a readable column in the client's colours, light or
 * dark as the reader's colour mode says (index.html sets `.dark` before the first paint).
 */
export const SHARE_CSS = [
  "#app-skeleton{display:none}",
  ".tdg-share{--fg:#18181b;--muted:#71717a;--line:#e4e4e7;--card:#fff;--accent:#f97316;--bg:#fafafa;min-height:100dvh;background:var(--bg);color:var(--fg);font:16px/1.6 system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans',sans-serif}",
  ".dark .tdg-share{--fg:#f4f4f5;--muted:#a1a1aa;--line:#27272a;--card:#18181b;--bg:#09090b}",
  ".tdg-share a{color:inherit}",
  ".tdg-share a:hover{color:var(--accent)}",
  ".tdg-bar{display:flex;align-items:center;justify-content:space-between;gap:12px;padding:12px 24px;border-bottom:1px solid var(--line);background:var(--card)}",
  ".tdg-brand{font-weight:600;text-decoration:none}",
  ".tdg-button{display:inline-block;border-radius:8px;background:var(--accent);color:#fff!important;padding:6px 12px;font-size:14px;font-weight:500;text-decoration:none}",
  // Where the client puts its page (p-8, max-w-3xl): the column stays put when it takes over.
  ".tdg-main{box-sizing:border-box;max-width:832px;padding:32px 32px 64px;display:flex;flex-direction:column;gap:24px}",
  ".tdg-card{background:var(--card);border:1px solid var(--line);border-radius:12px;padding:20px}",
  ".tdg-hero{display:flex;gap:16px;align-items:flex-start}",
  ".tdg-icon{flex:none;width:64px;height:64px;border-radius:12px;object-fit:cover;background:var(--line)}",
  ".tdg-icon.tdg-round{border-radius:50%}",
  ".tdg-badge{flex:none;display:inline-flex;align-items:center;justify-content:center;width:64px;height:64px;border-radius:12px;background:var(--accent);color:#fff;font-weight:700;font-size:24px}",
  ".tdg-badge.tdg-round{border-radius:50%}",
  ".tdg-share h1{margin:0;font-size:28px;line-height:1.25;font-weight:700;overflow-wrap:anywhere}",
  ".tdg-share h2{margin:0 0 12px;font-size:12px;font-weight:600;letter-spacing:.05em;text-transform:uppercase;color:var(--muted)}",
  ".tdg-muted{color:var(--muted);font-size:14px;margin:2px 0 0}",
  ".tdg-text{margin:12px 0 0;white-space:pre-line}",
  ".tdg-list{list-style:none;margin:0;padding:0}",
  ".tdg-list li{padding:8px 0;border-top:1px solid var(--line)}",
  ".tdg-list li:first-child{border-top:0}",
  ".tdg-list a{font-weight:500;text-decoration:none}",
  ".tdg-content{overflow-wrap:anywhere}",
  ".tdg-content img,.tdg-content video{max-width:100%;height:auto}",
  ".tdg-content pre{overflow:auto;padding:12px;border-radius:8px;background:var(--line)}",
  ".tdg-content blockquote{margin:0;padding-left:12px;border-left:3px solid var(--line);color:var(--muted)}",
  ".tdg-content p,.tdg-content ul,.tdg-content ol,.tdg-content figure{margin:0 0 1em}",
  ".tdg-content ul{list-style:disc;padding-left:1.5em}",
  ".tdg-content ol{list-style:decimal;padding-left:1.5em}",
  ".tdg-content a{color:var(--accent)}",
  ".tdg-actions{display:flex;flex-wrap:wrap;gap:12px;align-items:center}",
].join("");
