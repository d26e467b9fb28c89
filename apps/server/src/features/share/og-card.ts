/** What a generated share image shows. */
export interface CardData {
  /** The entry's title, the feed's, the list's, the person's name. */
  title: string;
  /** The line above the title: the entry's feed, "List by …", "@handle". */
  eyebrow: string;
  /** A line or two under the title. */
  description: string;
  /** Two letters standing for the source or person, drawn when there is no picture. */
  badge: string;
  /** The picture (a data: URI), or null for the badge. */
  picture: string | null;
  /** A person's picture is round, a source's has rounded corners. */
  round: boolean;
  /** Bottom right: the instance's host name. */
  footer: string;
}

/** A satori element: plain objects in React's shape, without React. */
export interface CardElement {
  type: string;
  props: { style?: Record<string, unknown>; children?: string | CardElement | CardElement[]; src?: string; width?: number; height?: number };
}

const ACCENT = "#f97316";
const INK = "#18181b";
const MUTED = "#52525b";
const FAINT = "#a1a1aa";

const el = (type: string, style: Record<string, unknown>, children?: CardElement["props"]["children"]): CardElement => ({
  type,
  props: children === undefined ? { style } : { style, children },
});

/** A long title gets a smaller size, so that three lines hold most titles whole. */
function titleSize(title: string): number {
  // Wide characters (CJK) count double: they take about twice the width of a Latin letter.
  const width = [...title].reduce((sum, char) => sum + (char.codePointAt(0)! > 0x2e80 ? 2 : 1), 0);
  return width <= 40 ? 68 : width <= 80 ? 58 : 50;
}

/** The 1200×630 card: picture and eyebrow, title, description, and the product's mark. */
export function cardElement(card: CardData, size: { width: number; height: number }): CardElement {
  const radius = card.round ? 48 : 22;
  const picture: CardElement = card.picture
    ? { type: "img", props: { src: card.picture, width: 96, height: 96, style: { width: 96, height: 96, borderRadius: radius, objectFit: "cover" } } }
    : el("div", { width: 96, height: 96, borderRadius: radius, background: ACCENT, color: "#fff", fontSize: 40, fontWeight: 700, display: "flex", alignItems: "center", justifyContent: "center" }, card.badge);
  const clamp = (lines: number) => ({ display: "block", lineClamp: lines, overflow: "hidden", textOverflow: "ellipsis" });
  return el(
    "div",
    { width: size.width, height: size.height, display: "flex", flexDirection: "column", background: "#ffffff", fontFamily: "Noto Sans", color: INK },
    [
      el("div", { width: "100%", height: 14, background: ACCENT, display: "flex" }),
      el("div", { flex: 1, display: "flex", flexDirection: "column", padding: "56px 72px 48px" }, [
        el("div", { display: "flex", alignItems: "center" }, [
          picture,
          el("div", { marginLeft: 28, fontSize: 32, color: MUTED, maxWidth: 880, ...clamp(1) }, card.eyebrow),
        ]),
        el("div", { flex: 1, display: "flex", flexDirection: "column", justifyContent: "center" }, [
          el("div", { fontSize: titleSize(card.title), fontWeight: 700, lineHeight: 1.18, ...clamp(3) }, card.title),
          ...(card.description ? [el("div", { marginTop: 18, fontSize: 28, lineHeight: 1.4, color: MUTED, ...clamp(2) }, card.description)] : []),
        ]),
        el("div", { display: "flex", alignItems: "center", justifyContent: "space-between" }, [
          el("div", { display: "flex", alignItems: "center" }, [
            el("div", { width: 28, height: 28, borderRadius: 14, background: ACCENT, display: "flex" }),
            el("div", { marginLeft: 14, fontSize: 30, fontWeight: 700 }, "Tidings"),
          ]),
          el("div", { fontSize: 26, color: FAINT }, card.footer),
        ]),
      ]),
    ],
  );
}
