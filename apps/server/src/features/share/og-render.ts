import type { renderAsync } from "@resvg/resvg-js";
import type satori from "satori";
import { Semaphore } from "../../lib/semaphore.ts";
import { type CardData, cardElement } from "./og-card.ts";
import { createFontLibrary, type FontLibrary } from "./og-fonts.ts";
import { OG_HEIGHT, OG_WIDTH } from "./share-meta.ts";

/** Draws a card as a 1200×630 PNG. */
export interface CardRenderer {
  render(card: CardData): Promise<Buffer>;
  /** Starts loading what drawing needs, if not done yet (a page was asked for: its picture comes next). */
  warm(): void;
}

type Satori = typeof satori;
type RenderAsync = typeof renderAsync;

/**
 * satori lays the card out as SVG (text as paths, in the library's fonts); resvg rasterises it on
 * the thread pool, off the event loop. Both, and the fonts, are loaded on the first image: an
 * instance whose pages are never shared never pays for them (~15 MB of heap and native code).
 */
export function createCardRenderer(): CardRenderer {
  let loaded: Promise<{ satori: Satori; renderAsync: RenderAsync; fonts: FontLibrary }> | null = null;
  const layouts = new Semaphore(1);
  const load = () =>
    (loaded ??= Promise.all([import("satori"), import("@resvg/resvg-js")]).then(([satori, resvg]) => ({
      satori: satori.default,
      renderAsync: resvg.renderAsync,
      fonts: createFontLibrary(),
    }))).catch((error: unknown) => {
      loaded = null;
      throw error;
    });

  return {
    warm: () => void load().catch(() => undefined),
    async render(input) {
      const { satori: layOut, renderAsync: rasterise, fonts } = await load();
      const card: CardData = {
        ...input,
        title: fonts.drawable(input.title) || "Tidings",
        eyebrow: fonts.drawable(input.eyebrow),
        description: fonts.drawable(input.description),
        badge: fonts.drawable(input.badge) || "?",
        footer: fonts.drawable(input.footer),
      };
      const element = cardElement(card, { width: OG_WIDTH, height: OG_HEIGHT }) as unknown as Parameters<Satori>[0];
      // One layout at a time (they take the processor anyway): the fonts a layout asks for are
      // handed to satori once, and must be in its loader before the next layout looks.
      const svg = await layouts.run(() =>
        layOut(element, { width: OG_WIDTH, height: OG_HEIGHT, fonts: fonts.base, loadAdditionalAsset: async (_language, segment) => fonts.additional(segment) }),
      );
      const image = await rasterise(svg, { fitTo: { mode: "original" }, font: { loadSystemFonts: false } });
      return image.asPng();
    },
  };
}
