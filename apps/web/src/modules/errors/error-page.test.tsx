import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderRoutes } from "../../../test/helpers/render.tsx";
import { ErrorPage } from "./error-page.tsx";

function Boom(): never {
  throw new Error("The widget exploded");
}

// React logs the error a boundary caught; that is the point of these tests, so keep it quiet.
beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe("ErrorPage", () => {
  it("shows the message, both recovery buttons and a prefilled issue link", async () => {
    renderRoutes([{ path: "/", element: <Boom />, errorElement: <ErrorPage /> }], "/");
    expect(await screen.findByRole("heading", { name: "Sorry, the app has encountered an error" })).toBeTruthy();
    expect(screen.getByText("The widget exploded")).toBeTruthy();
    expect(screen.getByText(/temporary problem/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Reset Local Database" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Reload" })).toBeTruthy();
    const link = screen.getByRole("link", { name: "Submit Issue" });
    expect(link.getAttribute("href")).toMatch(/\/issues\/new\?.*App\+version%3A\+0\.5\.0/);
  });

  it("Reset Local Database clears the product's keys and nothing else", async () => {
    localStorage.setItem("tidings:color-mode", "dark");
    localStorage.setItem("other-app", "keep");
    renderRoutes([{ path: "/", element: <Boom />, errorElement: <ErrorPage /> }], "/");
    await userEvent.click(await screen.findByRole("button", { name: "Reset Local Database" }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(localStorage.getItem("tidings:color-mode")).toBeNull();
    expect(localStorage.getItem("other-app")).toBe("keep");
  });
});
