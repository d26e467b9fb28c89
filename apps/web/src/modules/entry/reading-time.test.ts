import { describe, expect, it } from "vitest";
import { attachmentKind, fileName, formatBytes } from "./attachment-kind.ts";
import { isBlankHtml } from "./entry-body.tsx";
import { readingMinutes } from "./reading-time.ts";

describe("readingMinutes", () => {
  it("counts words at 230 a minute, at least one minute, none for no text", () => {
    expect(readingMinutes("")).toBe(0);
    expect(readingMinutes("<p> </p><img src='x'>")).toBe(0);
    expect(readingMinutes("<p>Hello world</p>")).toBe(1);
    expect(readingMinutes(`<p>${"word ".repeat(1150)}</p>`)).toBe(5);
  });

  it("ignores scripts and styles and counts CJK by characters", () => {
    expect(readingMinutes(`<style>${"a ".repeat(5000)}</style><p>hi</p>`)).toBe(1);
    expect(readingMinutes(`<p>${"字".repeat(2000)}</p>`)).toBe(5);
  });
});

describe("attachments", () => {
  it("tells audio, video and other files apart by type, else by extension", () => {
    expect(attachmentKind({ url: "https://x.test/a", mime_type: "audio/mpeg" })).toBe("audio");
    expect(attachmentKind({ url: "https://x.test/ep.mp3?token=1" })).toBe("audio");
    expect(attachmentKind({ url: "https://x.test/v", mime_type: "video/mp4" })).toBe("video");
    expect(attachmentKind({ url: "https://x.test/clip.webm" })).toBe("video");
    expect(attachmentKind({ url: "https://x.test/paper.pdf", mime_type: "application/pdf" })).toBe("file");
  });

  it("formats sizes and names files", () => {
    expect(formatBytes(512, "en")).toBe("512 byte");
    expect(formatBytes(1536, "en")).toBe("1.5 kB");
    expect(formatBytes(5 * 1024 * 1024, "en")).toBe("5 MB");
    expect(fileName("https://x.test/files/My%20Paper.pdf")).toBe("My Paper.pdf");
  });
});

describe("isBlankHtml", () => {
  it("is blank without text or media", () => {
    expect(isBlankHtml(null)).toBe(true);
    expect(isBlankHtml("<p>&nbsp;</p>")).toBe(true);
    expect(isBlankHtml("<p>x</p>")).toBe(false);
    expect(isBlankHtml("<iframe src='https://www.youtube.com/embed/x'></iframe>")).toBe(false);
  });
});
