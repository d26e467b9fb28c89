import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { renderRoutes } from "../../../test/helpers/render.tsx";
import { ShareTarget } from "./share-target.tsx";

const openFollowDialog = vi.hoisted(() => vi.fn());
vi.mock("../follow/index.ts", () => ({ openFollowDialog }));

const open = (path: string) =>
  renderRoutes(
    [
      { path: "/share", element: <ShareTarget /> },
      { path: "/timeline", element: <p>timeline</p> },
    ],
    path,
  );

beforeEach(() => openFollowDialog.mockClear());

describe("ShareTarget", () => {
  it("opens the follow dialog on the shared link, over the timeline", async () => {
    const { router } = open(`/share?title=A%20blog&text=${encodeURIComponent("Look https://example.com/feed.xml!")}`);
    await screen.findByText("timeline");
    expect(openFollowDialog).toHaveBeenCalledWith({ view: 0, url: "https://example.com/feed.xml" });
    // The share page is replaced: Back does not open the dialog again.
    expect(router.state.historyAction).toBe("REPLACE");
  });

  it("says a share without a web address has nothing to follow, with a way back", async () => {
    const { router } = open("/share?title=Hello&text=just%20words");
    expect(screen.getByRole("alert").textContent).toContain("There is no web address in what was shared.");
    expect(openFollowDialog).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole("link", { name: "Back to the timeline" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/timeline"));
  });
});
