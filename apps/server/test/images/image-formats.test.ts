import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { largestIconPicture } from "../../src/features/images/ico.ts";
import { dominantColors } from "../../src/features/images/image-colors.ts";
import { refererFor } from "../../src/features/images/image-referer.ts";
import { passThrough, sniffImage } from "../../src/content/image-sniff.ts";
import { measureImage, renderImage } from "../../src/features/images/image-transform.ts";
import { animatedGif, ico, inspect, jpeg, png, SVG } from "./fixtures.ts";

const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
/** Matches an [r, g, b] within 3 of each channel (resampling moves edges by a shade). */
const near = (expected: number[]) => expect.toSatisfy((actual: number[]) => actual.every((c, i) => Math.abs(c - expected[i]!) <= 3));

describe("sniffImage", () => {
  it("recognises formats by their bytes, whatever they claim", async () => {
    expect(sniffImage(await png(4, 4))).toBe("png");
    expect(sniffImage(await jpeg(4, 4))).toBe("jpeg");
    expect(sniffImage(await animatedGif(4, 4, 2))).toBe("gif");
    expect(sniffImage(await sharp(await png(4, 4)).webp().toBuffer())).toBe("webp");
    expect(sniffImage(SVG)).toBe("svg");
    expect(sniffImage(Buffer.from('\uFEFF<!-- logo --><!DOCTYPE svg><svg viewBox="0 0 1 1"></svg>'))).toBe("svg");
    expect(sniffImage(ico([{ png: await png(16, 16), size: 16 }]))).toBe("ico");
    expect(sniffImage(Buffer.from("<!doctype html><html><svg></svg></html>"))).toBeNull();
    expect(sniffImage(Buffer.from("not an image at all"))).toBeNull();
    expect(sniffImage(Buffer.alloc(0))).toBeNull();
  });

  it("lets only raster formats without scripts pass through as they are", () => {
    expect(["png", "jpeg", "gif", "webp", "avif"].map((f) => passThrough(f as never))).toEqual(["png", "jpeg", "gif", "webp", "avif"]);
    expect(passThrough("svg")).toBeNull();
    expect(passThrough("ico")).toBeNull();
  });
});

describe("refererFor", () => {
  it.each([
    ["https://wx1.sinaimg.cn/large/abc.jpg", "https://weibo.com/"],
    ["https://i.pximg.net/img-original/img/1.png", "https://www.pixiv.net/"],
    ["https://i0.hdslb.com/bfs/archive/x.jpg", "https://www.bilibili.com/"],
    ["https://cdnfile.sspai.com/2024/x.png", "https://sspai.com/"],
    ["https://scontent-lax3-1.cdninstagram.com/v/x.jpg", "https://www.instagram.com/"],
    ["https://images.example.com:8443/a/b.png?x=1", "https://images.example.com:8443/"],
    ["http://notsinaimg.cn/x.png", "http://notsinaimg.cn/"],
  ])("%s → %s", (url, referer) => {
    expect(refererFor(new URL(url))).toBe(referer);
  });
});

describe("dominantColors", () => {
  it("answers the most common colours first and ignores transparent pixels", () => {
    const pixels: number[] = [];
    for (let i = 0; i < 70; i++) pixels.push(250, 10, 10, 255);
    for (let i = 0; i < 28; i++) pixels.push(10, 10, 250, 255);
    for (let i = 0; i < 500; i++) pixels.push(0, 255, 0, 0);
    // Near-red: merged into red, not a colour of its own.
    for (let i = 0; i < 2; i++) pixels.push(240, 20, 20, 255);
    const colours = dominantColors(new Uint8Array(pixels));
    expect(colours).toHaveLength(2);
    expect(colours[0]).toBe("#fa0a0a");
    expect(colours[1]).toBe("#0a0afa");
  });

  it("answers nothing for a fully transparent image", () => {
    expect(dominantColors(new Uint8Array([0, 0, 0, 0, 9, 9, 9, 0]))).toEqual([]);
  });
});

describe("icons", () => {
  it("picks the largest picture, PNG or bitmap", async () => {
    const file = ico([{ png: await png(16, 16), size: 16 }, { bmp: [48, 48, { r: 0, g: 128, b: 0 }] }, { png: await png(32, 32), size: 32 }]);
    const picture = largestIconPicture(file)!;
    expect(picture).toMatchObject({ kind: "raw", width: 48, height: 48 });
    const rgba = picture.kind === "raw" ? picture.rgba : Buffer.alloc(0);
    // The AND mask made the top-left pixel transparent; the others are opaque green.
    expect([...rgba.subarray(0, 4)]).toEqual([0, 128, 0, 0]);
    expect([...rgba.subarray(4, 8)]).toEqual([0, 128, 0, 255]);
    const onlyPng = largestIconPicture(ico([{ png: await png(64, 64), size: 64 }]))!;
    expect(onlyPng).toMatchObject({ kind: "png", width: 64, height: 64 });
  });

  it("refuses a directory that points outside the file", () => {
    const file = ico([{ bmp: [16, 16, { r: 1, g: 2, b: 3 }] }]);
    expect(largestIconPicture(file.subarray(0, 40))).toBeNull();
  });
});

describe("renderImage and measureImage", () => {
  it("resizes to the width asked, keeping the ratio, as WebP, never enlarging a raster", async () => {
    const small = await renderImage({ bytes: await png(400, 200), format: "png" }, 100);
    expect(await inspect(small.bytes)).toMatchObject({ width: 100, height: 50, format: "webp" });
    const same = await renderImage({ bytes: await jpeg(50, 40), format: "jpeg" }, 600);
    expect(await inspect(same.bytes)).toMatchObject({ width: 50, height: 40, format: "webp" });
  });

  it("keeps animations animated, and draws SVG at the width asked", async () => {
    const gif = await renderImage({ bytes: await animatedGif(80, 40, 3), format: "gif" }, 40);
    expect(await inspect(gif.bytes)).toMatchObject({ width: 40, height: 20, format: "webp", pages: 3 });
    const svg = await renderImage({ bytes: SVG, format: "svg" }, 200);
    expect(await inspect(svg.bytes)).toMatchObject({ width: 200, height: 100, format: "webp" });
  });

  it("measures the original and its colours", async () => {
    const twoTone = await measureImage({ bytes: await png(300, 100, { r: 255, g: 0, b: 0 }, { r: 0, g: 0, b: 255 }), format: "png" });
    expect(twoTone).toMatchObject({ width: 300, height: 100 });
    expect(twoTone.colors.map(rgb)).toEqual([near([255, 0, 0]), near([0, 0, 255])]);
    const svg = await measureImage({ bytes: SVG, format: "svg" });
    expect(svg).toMatchObject({ width: 20, height: 10 });
    expect(svg.colors.map(rgb)).toEqual([near([0, 0, 255])]);
    const icon = await measureImage({ bytes: ico([{ bmp: [32, 32, { r: 0, g: 128, b: 0 }] }]), format: "ico" });
    expect(icon).toMatchObject({ width: 32, height: 32 });
    expect(icon.colors.map(rgb)).toEqual([near([0, 128, 0])]);
  });

  it("refuses images with more pixels than the limit before decoding them", async () => {
    const huge = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="100000"><rect width="1" height="1"/></svg>`);
    const drawn = await renderImage({ bytes: huge, format: "svg" }, 100);
    expect((await inspect(drawn.bytes)).width).toBe(100);
    const wide = await sharp({ create: { width: 9000, height: 5000, channels: 3, background: "#fff" } }).png({ compressionLevel: 1 }).toBuffer();
    await expect(renderImage({ bytes: wide, format: "png" }, 100)).rejects.toThrow(/pixel limit/i);
  });
});
