/** Chromium's `beforeinstallprompt` event (not in the DOM types): the browser's install dialog, on demand. */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

/**
 * Whether this app can be installed from here: `installed` (running as the installed app, or just
 * installed), `available` (the browser handed its install dialog over), `manual` (only from the
 * browser's own menu, or not at all: Safari, Firefox).
 */
export type InstallState = "installed" | "available" | "manual";

export interface InstallPrompt {
  state(): InstallState;
  subscribe(listener: () => void): () => void;
  /** Shows the browser's install dialog; answers whether the reader accepted. */
  prompt(): Promise<boolean>;
}

/**
 * Listens on `target` for the browser's install offer and for an install. The offer comes once,
 * early (often before any screen is drawn), so this runs at start-up and keeps the event until
 * Settings → General asks for it.
 */
export function createInstallPrompt(target: Window): InstallPrompt {
  let offer: BeforeInstallPromptEvent | null = null;
  let installed = false;
  const standalone = target.matchMedia("(display-mode: standalone)");
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());

  target.addEventListener("beforeinstallprompt", (event) => {
    // The browser's own install banner stays away; Settings offers the install instead.
    event.preventDefault();
    offer = event as BeforeInstallPromptEvent;
    notify();
  });
  target.addEventListener("appinstalled", () => {
    installed = true;
    offer = null;
    notify();
  });
  standalone.addEventListener("change", notify);

  return {
    state: () => (installed || standalone.matches ? "installed" : offer ? "available" : "manual"),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async prompt() {
      const event = offer;
      if (!event) return false;
      // An offer can be shown once; the browser sends a new one if the reader declines.
      offer = null;
      notify();
      await event.prompt();
      const { outcome } = await event.userChoice;
      return outcome === "accepted";
    },
  };
}

let shared: InstallPrompt | null = null;

/** Starts listening for the install offer (once, from main.tsx, before anything renders). */
export function captureInstallPrompt(): InstallPrompt {
  shared ??= createInstallPrompt(window);
  return shared;
}
