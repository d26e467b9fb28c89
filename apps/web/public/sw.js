// The app shell for offline use: a reload without network still opens the app, which then reads
// from its local database. Pages are network-first (a new version is seen at once), hashed assets
// cache-first (they never change), the API is never cached here (the app keeps its own data).
const SHELL = "tidings-shell-v3";
const ASSETS = "tidings-assets-v1";
/** What push notifications need across restarts of this worker: texts in the reader's language. */
const PUSH = "tidings-push-v1";
const PUSH_STRINGS_URL = "/__push-strings.json";
const MAX_ASSETS = 300;
/**
 * The page and the unhashed files it shows before any script runs, with the manifest and icons an
 * installed app starts from (its launcher and splash screen read them offline too).
 */
const SHELL_FILES = [
  "/",
  "/favicon.svg",
  "/manifest.webmanifest",
  "/icons/icon-192.png",
  "/icons/icon-512.png",
  "/icons/maskable-192.png",
  "/icons/maskable-512.png",
  "/icons/apple-touch-icon.png",
];

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(SHELL)
      .then((cache) => cache.addAll(SHELL_FILES.map((url) => new Request(url, { cache: "reload" }))))
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== SHELL && key !== ASSETS && key !== PUSH).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

async function trim() {
  const cache = await caches.open(ASSETS);
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - MAX_ASSETS)).map((key) => cache.delete(key)));
}

async function cacheAssets(urls) {
  const cache = await caches.open(ASSETS);
  await Promise.all(
    urls.map(async (url) => {
      if (await cache.match(url)) return;
      try {
        const response = await fetch(url);
        if (response.ok) await cache.put(url, response);
      } catch {
        // offline now: it will be cached the next time it loads
      }
    }),
  );
  await trim();
}

// The page lists the assets it loaded before this worker took control, and gives the texts of
// push notifications in the reader's language.
self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "cache-assets" && Array.isArray(event.data.urls)) {
    event.waitUntil(cacheAssets(event.data.urls.filter((url) => new URL(url).origin === self.location.origin && new URL(url).pathname.startsWith("/assets/"))));
  }
  if (event.data && event.data.type === "push-strings" && event.data.strings) {
    const body = JSON.stringify(event.data.strings);
    event.waitUntil(caches.open(PUSH).then((cache) => cache.put(PUSH_STRINGS_URL, new Response(body, { headers: { "content-type": "application/json" } }))));
  }
});

async function pushStrings() {
  try {
    const cached = await (await caches.open(PUSH)).match(PUSH_STRINGS_URL);
    return cached ? await cached.json() : null;
  } catch {
    return null;
  }
}

/** The notification of a push message (reference §2.12's payload, a summary, or a test). */
async function notificationOf(message) {
  const strings = await pushStrings();
  let body = message.description || "";
  if (strings && message.type === "new-entries") {
    const form = new Intl.PluralRules(strings.language).select(message.count);
    const template = (strings.newEntries && (strings.newEntries[form] || strings.newEntries.other)) || null;
    if (template) body = template.replace("{{count}}", String(message.count));
  }
  if (strings && message.type === "test" && strings.test) body = strings.test;
  const tag = message.type === "new-entry" ? `entry-${message.entryId}` : message.type === "new-entries" ? `new-entries-${message.view}` : message.type;
  return { title: message.title || "Tidings", options: { body, tag, icon: "/favicon.svg", badge: "/favicon.svg", data: { url: message.url || "/" } } };
}

// A push message is always shown (browsers require it), whether a tab is open or not.
self.addEventListener("push", (event) => {
  let message;
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { description: event.data ? event.data.text() : "" };
  }
  event.waitUntil(notificationOf(message).then(({ title, options }) => self.registration.showNotification(title, options)));
});

// A click opens the entry: in an open tab of the app (focused, and told where to go), else in a new one.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL((event.notification.data && event.notification.data.url) || "/", self.location.origin);
  if (url.origin !== self.location.origin) return;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(async (windows) => {
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (!open) return self.clients.openWindow(url.href);
      const focused = await open.focus();
      focused.postMessage({ type: "navigate", url: url.pathname + url.search });
      return focused;
    }),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith("/api/")) return;

  if (request.mode === "navigate") {
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok) {
            const copy = response.clone();
            event.waitUntil(caches.open(SHELL).then((cache) => cache.put("/", copy)));
          }
          return response;
        })
        .catch(() => caches.open(SHELL).then((cache) => cache.match("/")).then((cached) => cached || Response.error())),
    );
    return;
  }

  if (SHELL_FILES.includes(url.pathname)) {
    // Unhashed files: the network first (they may change), the saved copy offline.
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok) {
            const copy = response.clone();
            event.waitUntil(caches.open(SHELL).then((cache) => cache.put(url.pathname, copy)));
          }
          return response;
        })
        .catch(() => caches.open(SHELL).then((cache) => cache.match(url.pathname)).then((cached) => cached || Response.error())),
    );
    return;
  }

  if (url.pathname.startsWith("/assets/")) {
    event.respondWith(
      caches.open(ASSETS).then(async (cache) => {
        const cached = await cache.match(request);
        if (cached) return cached;
        const response = await fetch(request);
        if (response.ok) event.waitUntil(cache.put(request, response.clone()).then(trim));
        return response;
      }),
    );
  }
});
