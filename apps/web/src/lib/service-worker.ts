let registering: Promise<ServiceWorkerRegistration | null> | null = null;

/**
 * Registers the offline shell worker (public/sw.js) in production builds, then hands it the
 * assets this page already loaded, so the next reload works without network (spec §1 offline).
 * Answers the registration (null without a worker), which push notifications build on; every
 * call answers the first one's registration.
 */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  registering ??= register();
  return registering;
}

async function register(): Promise<ServiceWorkerRegistration | null> {
  if (!import.meta.env.PROD || typeof navigator === "undefined" || !("serviceWorker" in navigator)) return null;
  // After the page's own loading, so the worker never competes with the first paint.
  if (document.readyState !== "complete") await new Promise((resolve) => window.addEventListener("load", resolve, { once: true }));
  try {
    await navigator.serviceWorker.register("/sw.js");
    const registration = await navigator.serviceWorker.ready;
    const urls = performance.getEntriesByType("resource").map((entry) => entry.name);
    registration.active?.postMessage({ type: "cache-assets", urls: [...urls, ...scriptUrls()] });
    // Chunks loaded later (routes opened for the first time) are cached by the worker itself.
    return registration;
  } catch (error) {
    console.warn("Offline support unavailable:", error);
    return null;
  }
}

/** Whether this browser can receive push messages at all (a worker and the Push API). */
export function pushSupported(registration: ServiceWorkerRegistration | null): boolean {
  return registration !== null && typeof window !== "undefined" && "PushManager" in window && "pushManager" in registration;
}

function scriptUrls(): string[] {
  return [...document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>("script[src],link[rel=stylesheet],link[rel=modulepreload]")].map((element) =>
    "src" in element && element.src ? element.src : (element as HTMLLinkElement).href,
  );
}
