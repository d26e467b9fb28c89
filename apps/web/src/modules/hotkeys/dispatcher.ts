import { areaOf, type FocusAreaName, OVERLAY_AREAS, trackFocusAreas } from "./focus-area.ts";
import { type Combo, isEditable, matchesCombo, parseKeys, SEQUENCE_TIMEOUT_MS } from "./keys.ts";

export interface HotkeyOptions {
  /**
   * Where it works: focus areas, or "global" (anywhere but overlays and inputs). Timeline-scoped
   * shortcuts also work when nothing in particular has focus ("home"), the timeline being where
   * a reader's keys go by default.
   */
  scope?: FocusAreaName | FocusAreaName[] | "global";
  /** Also when typing in an input (for Escape-like keys). Off by default (spec §2). */
  inInputs?: boolean;
  enabled?: boolean;
  /** Let the browser act too. Default: the key is consumed. */
  allowDefault?: boolean;
}

interface Registration {
  sequences: Combo[][];
  handler: (event: KeyboardEvent) => void | boolean;
  options: HotkeyOptions;
  order: number;
}

const registrations = new Set<Registration>();
let order = 0;
let installed = false;
let history: { event: KeyboardEvent; at: number }[] = [];

function inScope(options: HotkeyOptions, area: FocusAreaName): boolean {
  const scope = options.scope ?? "global";
  if (scope === "global") return !OVERLAY_AREAS.has(area);
  const areas = Array.isArray(scope) ? scope : [scope];
  return areas.includes(area) || (area === "home" && areas.includes("timeline"));
}

function matchesSequence(sequence: Combo[], events: KeyboardEvent[]): boolean {
  if (events.length < sequence.length) return false;
  const tail = events.slice(events.length - sequence.length);
  return sequence.every((combo, i) => matchesCombo(tail[i]!, combo));
}

function onKeyDown(event: KeyboardEvent): void {
  if (event.defaultPrevented || event.isComposing || event.keyCode === 229) return;
  if (["Shift", "Control", "Meta", "Alt"].includes(event.key)) return;
  const now = performance.now();
  history = history.filter((item) => now - item.at <= SEQUENCE_TIMEOUT_MS).slice(-3);
  history.push({ event, at: now });
  const editable = isEditable(event.target);
  const area = areaOf(event.target instanceof Element ? event.target : document.activeElement);
  // The most recently registered match wins (an open panel overrides the page under it); longer
  // sequences before single keys.
  const candidates = [...registrations]
    .filter((r) => r.options.enabled !== false && (!editable || r.options.inInputs) && inScope(r.options, area))
    .sort((a, b) => b.order - a.order);
  const events = history.map((item) => item.event);
  for (const length of [3, 2, 1]) {
    for (const registration of candidates) {
      const sequence = registration.sequences.find((s) => s.length === length && matchesSequence(s, events));
      if (!sequence) continue;
      // A handler answering false declines the key (e.g. nothing to act on): the next match may take it.
      if (registration.handler(event) === false) continue;
      if (!registration.options.allowDefault) event.preventDefault();
      history = [];
      return;
    }
  }
}

/** Escape in a text field blurs it, except while an input method is composing (spec §2). */
function onEscape(event: KeyboardEvent): void {
  if (event.key !== "Escape" || event.isComposing || event.keyCode === 229) return;
  if (isEditable(event.target) && event.target instanceof HTMLElement) event.target.blur();
}

/** Installs the one keydown listener every shortcut goes through (idempotent). */
export function installHotkeys(): void {
  if (installed || typeof window === "undefined") return;
  installed = true;
  trackFocusAreas();
  window.addEventListener("keydown", onKeyDown);
  window.addEventListener("keydown", onEscape, true);
}

/** Registers a shortcut; returns the function that removes it. `keys` may list alternatives. */
export function registerHotkey(keys: string | string[], handler: Registration["handler"], options: HotkeyOptions = {}): () => void {
  installHotkeys();
  const registration: Registration = { sequences: (Array.isArray(keys) ? keys : [keys]).map(parseKeys), handler, options, order: order++ };
  registrations.add(registration);
  return () => registrations.delete(registration);
}
