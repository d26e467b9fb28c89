import { useMemo } from "react";
import { encode } from "uqr";

/** A QR code of `text` as an SVG path, drawn from the module matrix (no HTML injection). */
export function QrCode({ text, label, size = 176 }: { text: string; label: string; size?: number }) {
  const { path, width } = useMemo(() => {
    const { data, size: modules } = encode(text, { ecc: "M", border: 2 });
    let d = "";
    data.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`;
      });
    });
    return { path: d, width: modules };
  }, [text]);
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${width} ${width}`} width={size} height={size} shapeRendering="crispEdges" className="rounded-lg bg-white">
      <rect width={width} height={width} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

/** The secret of an `otpauth://totp/…?secret=…` address, for typing it in by hand. */
export function totpSecret(uri: string): string | null {
  try {
    return new URL(uri).searchParams.get("secret");
  } catch {
    return null;
  }
}
