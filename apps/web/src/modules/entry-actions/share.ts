/**
 * Shares a link with the system share sheet when the browser has one. Answers false when it does
 * not (the caller copies the link instead); a share the person cancels counts as done.
 */
export async function systemShare(data: { title?: string; url: string }): Promise<boolean> {
  if (typeof navigator.share !== "function") return false;
  try {
    await navigator.share(data);
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") return true;
    return false;
  }
  return true;
}

/** Opens a link in a new tab without giving the page a handle on the reader. */
export function openInBrowser(url: string): void {
  window.open(url, "_blank", "noopener,noreferrer");
}
