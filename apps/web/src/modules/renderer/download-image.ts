/**
 * Saves an image. The `download` attribute is ignored for cross-origin URLs (most entry images), so
 * the image is fetched and saved from a blob; when the host refuses (CORS), it opens in a new tab
 * instead, where the browser's own "save image" works.
 */
export async function downloadImage(src: string): Promise<void> {
  try {
    const response = await fetch(src, { referrerPolicy: "no-referrer", credentials: "omit" });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const url = URL.createObjectURL(await response.blob());
    const anchor = document.createElement("a");
    anchor.href = url;
    anchor.download = fileName(src);
    anchor.rel = "noopener";
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  } catch {
    window.open(src, "_blank", "noopener,noreferrer");
  }
}

function fileName(src: string): string {
  if (src.startsWith("data:")) return `image.${/^data:image\/([a-z]+)/i.exec(src)?.[1] ?? "png"}`;
  try {
    const last = new URL(src).pathname.split("/").filter(Boolean).at(-1);
    return last ? decodeURIComponent(last) : "image";
  } catch {
    return "image";
  }
}
