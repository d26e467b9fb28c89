/** A place a link can be shared to, through its "share" page (its intent URL). */
export interface SocialTarget {
  id: "x" | "facebook" | "linkedin" | "reddit" | "telegram" | "whatsapp" | "weibo" | "hackernews" | "email";
  /** The service's own name: the same in every language. */
  name: string;
  /** Its brand colour, for the dot beside its name. */
  color: string;
  /** The address that opens the service's share form with the link (and title) filled in. */
  intent: (share: { url: string; title: string }) => string;
}

/** Query parameters, each value percent-encoded (spaces as %20: mail clients show "+" as it is). */
const query = (params: Record<string, string>) =>
  Object.entries(params)
    .filter(([, value]) => value !== "")
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join("&");

/** "Title URL", or the URL alone: for services whose form has one text field. */
const titled = ({ url, title }: { url: string; title: string }) => (title ? `${title} ${url}` : url);

/** The social targets of the share dialog, in the order it shows them (spec §2 share dialog). */
export const SOCIAL_TARGETS: readonly SocialTarget[] = [
  { id: "x", name: "X", color: "#000000", intent: ({ url, title }) => `https://x.com/intent/tweet?${query({ text: title, url })}` },
  { id: "facebook", name: "Facebook", color: "#1877f2", intent: ({ url }) => `https://www.facebook.com/sharer/sharer.php?${query({ u: url })}` },
  { id: "linkedin", name: "LinkedIn", color: "#0a66c2", intent: ({ url }) => `https://www.linkedin.com/sharing/share-offsite/?${query({ url })}` },
  { id: "reddit", name: "Reddit", color: "#ff4500", intent: ({ url, title }) => `https://www.reddit.com/submit?${query({ url, title })}` },
  { id: "telegram", name: "Telegram", color: "#26a5e4", intent: ({ url, title }) => `https://t.me/share/url?${query({ url, text: title })}` },
  { id: "whatsapp", name: "WhatsApp", color: "#25d366", intent: (share) => `https://api.whatsapp.com/send?${query({ text: titled(share) })}` },
  { id: "weibo", name: "Weibo", color: "#e6162d", intent: ({ url, title }) => `https://service.weibo.com/share/share.php?${query({ url, title })}` },
  { id: "hackernews", name: "Hacker News", color: "#ff6600", intent: ({ url, title }) => `https://news.ycombinator.com/submitlink?${query({ u: url, t: title })}` },
  { id: "email", name: "E-mail", color: "#71717a", intent: (share) => `mailto:?${query({ subject: share.title, body: titled(share) })}` },
];
