// The app shell for offline use: a reload without network still opens the app, which then reads
// from its local database. Pages are network-first (a new version is seen at once), hashed assets
// cache-first (they never change), the API is never cached here (the app keeps its own data).
const SHELL = "tidings-shell-v2";
const ASSETS = "tidings-assets-v1";
const MAX_ASSETS = 300;
/** The page and the unhashed files it shows before any script runs. */
const SHELL_FILES = ["/", "/favicon.svg"];

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
      .then((keys) => Promise.all(keys.filter((key) => key !== SHELL && key !== ASSETS).map((key) => caches.delete(key))))
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

// The page lists the assets it loaded before this worker took control.
self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "cache-assets" && Array.isArray(event.data.urls)) {
    event.waitUntil(cacheAssets(event.data.urls.filter((url) => new URL(url).origin === self.location.origin && new URL(url).pathname.startsWith("/assets/"))));
  }
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
