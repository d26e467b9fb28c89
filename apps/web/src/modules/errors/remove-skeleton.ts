import { useEffect } from "react";

/** Removes the loading skeleton of index.html once a real page is on screen. */
export function useRemoveSkeleton(): void {
  useEffect(() => {
    document.getElementById("app-skeleton")?.remove();
  }, []);
}
