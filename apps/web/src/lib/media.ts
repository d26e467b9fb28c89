import { useSyncExternalStore } from "react";

/** Width classes of spec §2; below `lg` (1024 px) the app uses its mobile layout. */
export const BREAKPOINTS = { sm: 640, md: 768, lg: 1024, xl: 1280, "2xl": 1536 } as const;

const MOBILE_QUERY = `(max-width: ${BREAKPOINTS.lg - 1}px)`;

function subscribe(query: string) {
  return (onChange: () => void) => {
    if (typeof window === "undefined" || !window.matchMedia) return () => {};
    const list = window.matchMedia(query);
    list.addEventListener("change", onChange);
    return () => list.removeEventListener("change", onChange);
  };
}

/** Whether a media query matches, kept current. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(subscribe(query), () => (typeof window !== "undefined" && window.matchMedia ? window.matchMedia(query).matches : false), () => false);
}

/** Whether the window is narrower than 1024 px (spec §2: mobile). */
export const useIsMobile = () => useMediaQuery(MOBILE_QUERY);
