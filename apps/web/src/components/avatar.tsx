/** A person's round avatar: their picture, else the initials of their name. */
export function Avatar({ image, name, size = 24 }: { image: string | null | undefined; name: string; size?: number }) {
  if (image && /^https?:\/\//.test(image)) {
    return <img src={image} alt="" referrerPolicy="no-referrer" className="shrink-0 rounded-full bg-zinc-100 object-cover dark:bg-zinc-800" style={{ width: size, height: size }} />;
  }
  const initials =
    name
      .replace(/^@/, "")
      .split(/\s+/)
      .map((word) => [...word][0] ?? "")
      .join("")
      .slice(0, 2)
      .toUpperCase() || "?";
  return (
    <span
      aria-hidden
      className="inline-flex shrink-0 items-center justify-center rounded-full bg-orange-500 font-semibold text-white"
      style={{ width: size, height: size, fontSize: Math.max(9, Math.round(size * 0.4)) }}
    >
      {initials}
    </span>
  );
}
