import { describe, expect, it } from "vitest";
import { sniffImageType } from "./image-type.ts";

const bytes = (...parts: (number[] | string)[]) =>
  Uint8Array.from(parts.flatMap((part) => (typeof part === "string" ? [...part].map((c) => c.charCodeAt(0)) : part)));

describe("sniffImageType", () => {
  it.each([
    ["image/png", bytes([0x89], "PNG", [0x0d, 0x0a, 0x1a, 0x0a, 0, 0])],
    ["image/jpeg", bytes([0xff, 0xd8, 0xff, 0xe0])],
    ["image/gif", bytes("GIF89a", [1, 0])],
    ["image/gif", bytes("GIF87a")],
    ["image/webp", bytes("RIFF", [0, 0, 0, 0], "WEBPVP8 ")],
    ["image/avif", bytes([0, 0, 0, 0x1c], "ftypavif")],
  ])("recognises %s", (type, input) => {
    expect(sniffImageType(input)).toBe(type);
  });

  it.each([
    ["text", bytes("<svg xmlns='http://www.w3.org/2000/svg'/>")],
    ["html", bytes("<!doctype html>")],
    ["empty", bytes()],
    ["a truncated PNG signature", bytes([0x89], "PNG")],
    ["RIFF that is not WebP", bytes("RIFF", [0, 0, 0, 0], "WAVE")],
    ["an MP4", bytes([0, 0, 0, 0x18], "ftypmp42")],
  ])("refuses %s", (_, input) => {
    expect(sniffImageType(input)).toBeNull();
  });
});
