import clsx from "clsx";
import { useState } from "react";
import { avatarServiceUrls, DEFAULT_IMAGE_CONFIG, type ImageConfig, proxiedImage, proxyWidth, useImageConfig } from "../lib/image-proxy.ts";

/** The host of a URL without "www.", or null. */
export function hostOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).hostname.replace(/^www\./, "");
  } catch {
    return null;
  }
}

/**
 * Where an icon may come from, in order: the source's own image (the server looks for the site's
 * icon when its feed has none), then the configured avatar services asked by host (spec §1), each
 * through the image proxy when it is on, `width` pixels wide. When all fail, the first two
 * letters of the domain show instead.
 */
export function iconCandidates(
  image: string | null | undefined,
  siteUrl: string | null | undefined,
  url: string | null | undefined,
  config: ImageConfig = DEFAULT_IMAGE_CONFIG,
  width?: number,
): string[] {
  const host = hostOf(siteUrl) ?? hostOf(url);
  const sources: string[] = [];
  if (image && /^https?:\/\//.test(image)) sources.push(image);
  // Public avatar services know public sites only: an address, localhost or a bare machine name is not asked.
  if (host && isPublicHostName(host)) sources.push(...avatarServiceUrls(host, config));
  return [...new Set(sources.map((source) => proxiedImage(source, width, config)))];
}

/** A host name the public avatar services could know: a dotted name, neither an IP address nor a local name. */
export function isPublicHostName(host: string): boolean {
  if (/^[\d.]+$/.test(host) || host.includes(":") || host.startsWith("[")) return false;
  return host.includes(".") && !/\.(local|localhost|internal|lan|home\.arpa)$/i.test(host) && host !== "localhost";
}

const PALETTE = ["bg-orange-500", "bg-sky-500", "bg-emerald-500", "bg-violet-500", "bg-rose-500", "bg-amber-500", "bg-teal-500", "bg-indigo-500"];

function fallbackLetters(title: string | null | undefined, host: string | null): string {
  // An address (127.0.0.1, [::1]) or a bare machine name says nothing: the title does.
  const named = host && !/^[\d.:[\]]+$/.test(host) && host.includes(".") ? host.replace(/^www\./, "") : null;
  const base = named ?? title ?? host ?? "?";
  return base.replace(/[^\p{L}\p{N}]/gu, "").slice(0, 2).toUpperCase() || "?";
}

/** A feed's (or list's, or inbox's) square icon. */
export function FeedIcon(props: { image?: string | null; siteUrl?: string | null; url?: string | null; title?: string | null; size?: number; className?: string }) {
  const size = props.size ?? 16;
  const config = useImageConfig();
  // Twice the size: sharp on high-density screens.
  const candidates = iconCandidates(props.image, props.siteUrl, props.url, config, proxyWidth(size * 2));
  const [failed, setFailed] = useState(0);
  const host = hostOf(props.siteUrl) ?? hostOf(props.url);
  if (failed >= candidates.length) {
    const letters = fallbackLetters(props.title, host);
    const tone = PALETTE[[...(host ?? props.title ?? "")].reduce((sum, c) => sum + c.charCodeAt(0), 0) % PALETTE.length];
    return (
      <span
        aria-hidden
        className={clsx("inline-flex shrink-0 items-center justify-center rounded font-semibold text-white", tone, props.className)}
        style={{ width: size, height: size, fontSize: Math.max(7, Math.round(size * 0.42)) }}
      >
        {letters}
      </span>
    );
  }
  return (
    <img
      key={candidates[failed]}
      src={candidates[failed]}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      referrerPolicy="no-referrer"
      onError={() => setFailed((n) => n + 1)}
      onLoad={(event) => {
        // Some services answer a 1×1 or 16×16 grey placeholder for unknown hosts: skip tiny ones.
        if (event.currentTarget.naturalWidth < 2) setFailed((n) => n + 1);
      }}
      className={clsx("shrink-0 rounded object-cover", props.className)}
      style={{ width: size, height: size }}
    />
  );
}
