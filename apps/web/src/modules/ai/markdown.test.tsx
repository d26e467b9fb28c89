import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../../test/helpers/render.tsx";
import { Markdown } from "./markdown.tsx";
import { parseMarkdown } from "./markdown-parse.ts";

describe("daily report Markdown", () => {
  it("reads headings, lists, paragraphs and inline marks", () => {
    const blocks = parseMarkdown("## Tech\n\n- **Fog** horns return\n- A [keeper](/timeline/view-0/all/123) retires\n\nSome *quiet* `news`\ncontinues.");
    expect(blocks.map((block) => block.type)).toEqual(["heading", "list", "paragraph"]);
    expect(blocks[1]).toMatchObject({ type: "list", ordered: false, items: [[{ type: "strong" }, { type: "text", text: " horns return" }], expect.any(Array)] });
    expect(blocks[2]).toMatchObject({ children: [{ text: "Some " }, { type: "em" }, { text: " " }, { type: "code", text: "news" }, { text: " continues." }] });
  });

  it("renders no HTML from the source, keeps entry links in the app and drops unsafe links", () => {
    const { container } = renderPage(
      <Markdown source={'<img src=x onerror="alert(1)"> [entry](/timeline/view-0/all/42) [site](https://example.org/a) [bad](javascript:alert(1))'} />,
    );
    expect(container.querySelector("img")).toBeNull();
    expect(screen.getByText(/<img src=x/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "entry" }).getAttribute("href")).toBe("/timeline/view-0/all/42");
    const site = screen.getByRole("link", { name: "site" });
    expect(site.getAttribute("target")).toBe("_blank");
    expect(site.getAttribute("rel")).toContain("noopener");
    expect(screen.queryByRole("link", { name: "bad" })).toBeNull();
    expect(screen.getByText(/bad/)).toBeTruthy();
  });
});
