/** The social networks a profile can link, with how a bare handle becomes an address. */
export const SOCIAL_PLATFORMS = [
  { key: "github", label: "GitHub", base: "https://github.com/" },
  { key: "twitter", label: "X (Twitter)", base: "https://x.com/" },
  { key: "youtube", label: "YouTube", base: "https://youtube.com/@" },
  { key: "instagram", label: "Instagram", base: "https://instagram.com/" },
  { key: "mastodon", label: "Mastodon", base: null },
  { key: "bluesky", label: "Bluesky", base: "https://bsky.app/profile/" },
  { key: "linkedin", label: "LinkedIn", base: "https://linkedin.com/in/" },
  { key: "discord", label: "Discord", base: null },
] as const;

export type SocialKey = (typeof SOCIAL_PLATFORMS)[number]["key"];

/** The address of one social link: a full http(s) URL as is, a handle under the network's base. */
export function socialHref(key: string, value: string): string | null {
  const trimmed = value.trim();
  if (/^https?:\/\//i.test(trimmed)) return trimmed;
  const platform = SOCIAL_PLATFORMS.find((p) => p.key === key);
  if (!platform?.base || !trimmed) return null;
  return platform.base + encodeURIComponent(trimmed.replace(/^@/, ""));
}

/** The label of a social link key ("twitter" → "X (Twitter)"); unknown keys show as they are. */
export function socialLabel(key: string): string {
  return SOCIAL_PLATFORMS.find((p) => p.key === key)?.label ?? key;
}

/** Drops empty values; `null` when nothing is left (the server stores no empty object). */
export function compactLinks(links: Record<string, string>): Record<string, string> | null {
  const entries = Object.entries(links)
    .map(([key, value]) => [key, value.trim()] as const)
    .filter(([, value]) => value.length > 0);
  return entries.length ? Object.fromEntries(entries) : null;
}
