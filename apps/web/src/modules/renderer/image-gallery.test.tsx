import { act, fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../../test/helpers/render.tsx";
import { EntryContent } from "./entry-content.tsx";
import { closeImageGallery, openImageGallery } from "./gallery-store.ts";
import { ImageGalleryHost } from "./image-gallery-host.tsx";

const HTML =
  '<p>Three pictures.</p><img src="https://i.example/1.png" alt="one"><p><img src="https://i.example/2.png" alt="two"></p>' +
  '<a href="https://i.example/big3.png"><img src="https://i.example/3.png" alt="three"></a>';

const viewer = () => screen.getByRole("dialog");
const shown = () => viewer().querySelector("img")!.getAttribute("src");

describe("image gallery", () => {
  it("opens at the clicked image and moves with the arrow keys and buttons, wrapping around", async () => {
    const user = userEvent.setup();
    const { container } = renderPage(<EntryContent html={HTML} />);
    expect(screen.queryByRole("dialog")).toBeNull();

    await user.click(container.querySelectorAll(".entry-content img")[1]!);
    expect(shown()).toBe("https://i.example/2.png");
    expect(viewer().textContent).toContain("2 / 3");

    await user.keyboard("{ArrowRight}");
    expect(shown()).toBe("https://i.example/3.png");
    await user.keyboard("{ArrowRight}");
    expect(shown()).toBe("https://i.example/1.png");
    await user.keyboard("{ArrowLeft}");
    expect(shown()).toBe("https://i.example/3.png");
    await user.click(screen.getByRole("button", { name: "Previous image" }));
    expect(shown()).toBe("https://i.example/2.png");
    await user.click(screen.getByRole("button", { name: "Next image" }));
    expect(shown()).toBe("https://i.example/3.png");
    expect(screen.getByRole("link", { name: "Open original" }).getAttribute("href")).toBe("https://i.example/3.png");
  });

  it("closes with Escape and with the close button", async () => {
    const user = userEvent.setup();
    const { container } = renderPage(<EntryContent html={HTML} />);
    await user.click(container.querySelector(".entry-content img")!);
    expect(screen.getByRole("dialog")).toBeTruthy();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();

    await user.click(container.querySelector(".entry-content img")!);
    await user.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("an image inside a link opens the gallery instead of the link", async () => {
    const user = userEvent.setup();
    const { container } = renderPage(<EntryContent html={HTML} onLinkClick={() => {}} />);
    await user.click(container.querySelectorAll(".entry-content img")[2]!);
    expect(shown()).toBe("https://i.example/3.png");
  });

  it("zooms on click and back", async () => {
    const user = userEvent.setup();
    const { container } = renderPage(<EntryContent html={HTML} />);
    await user.click(container.querySelector(".entry-content img")!);
    const image = viewer().querySelector("img")!;
    expect(image.style.transform).toBe("scale(1)");
    fireEvent.click(image);
    expect(image.style.transform).not.toBe("scale(1)");
    fireEvent.click(image);
    expect(image.style.transform).toBe("scale(1)");
  });

  it("opens app-wide through openImageGallery with the host mounted", () => {
    renderPage(<ImageGalleryHost />);
    expect(screen.queryByRole("dialog")).toBeNull();
    act(() => openImageGallery([{ src: "https://i.example/a.png" }, { src: "https://i.example/b.png", alt: "B" }], 1));
    expect(shown()).toBe("https://i.example/b.png");
    act(() => closeImageGallery());
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
