/**
 * Registers the offline shell worker (public/sw.js) in production builds, then hands it the
 * assets this page already loaded, so the next reload works without network (spec §1 offline).
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === "undefined" || !("serviceWorker" in navigator)) return;
  window.addEventListener("load", () => {
    navigator.serviceWorker
      .register("/sw.js")
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        const send = () => {
          const urls = performance.getEntriesByType("resource").map((entry) => entry.name);
          registration.active?.postMessage({ type: "cache-assets", urls: [...urls, ...scriptUrls()] });
        };
        send();
        // Chunks loaded later (routes opened for the first time) are cached by the worker itself.
      })
      .catch((error: unknown) => console.warn("Offline support unavailable:", error));
  });
}

function scriptUrls(): string[] {
  return [...document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>("script[src],link[rel=stylesheet],link[rel=modulepreload]")].map((element) =>
    "src" in element && element.src ? element.src : (element as HTMLLinkElement).href,
  );
}
