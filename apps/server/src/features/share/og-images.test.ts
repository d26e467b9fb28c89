import { describe, expect, it } from "vitest";
import type { CardData } from "./og-card.ts";
import { type CardSource, createOgImages } from "./og-images.ts";

const source: CardSource = { title: "Fog signals", eyebrow: "Coast Times", description: "", badge: "CT", pictureUrl: null, round: false };

/** A renderer that counts its drawings and answers a PNG-like buffer per card. */
function countingRenderer() {
  const drawn: CardData[] = [];
  return {
    drawn,
    renderer: {
      async render(card: CardData) {
        drawn.push(card);
        return Buffer.from(`png:${card.title}:${drawn.length}`);
      },
      warm: () => undefined,
    },
  };
}

describe("share images", () => {
  it("draws an image once per key: later requests, and those made while it is drawn, get the same bytes", async () => {
    const { drawn, renderer } = countingRenderer();
    const images = createOgImages({ renderer, pictures: { dataUri: async () => null }, footer: "tidings.example", cacheBytes: 1_000_000, concurrency: 2 });
    const [a, b] = await Promise.all([images.png("entry:1:v1", source), images.png("entry:1:v1", source)]);
    const c = await images.png("entry:1:v1", source);
    expect(drawn).toHaveLength(1);
    expect(b.equals(a) && c.equals(a)).toBe(true);
    // Another version is another image.
    await images.png("entry:1:v2", { ...source, title: "Fog signals, revised" });
    expect(drawn).toHaveLength(2);
  });

  it("draws again after a failed drawing", async () => {
    let fail = true;
    const { drawn, renderer } = countingRenderer();
    const flaky = { ...renderer, render: async (card: CardData) => (fail ? Promise.reject(new Error("no font")) : renderer.render(card)) };
    const images = createOgImages({ renderer: flaky, pictures: { dataUri: async () => null }, footer: "", cacheBytes: 1_000_000, concurrency: 1 });
    await expect(images.png("k", source)).rejects.toThrow("no font");
    fail = false;
    await images.png("k", source);
    expect(drawn).toHaveLength(1);
  });
});
