import { fireEvent, screen, within } from "@testing-library/react";
import app from "@tidings/i18n/locales/en/app.json";
import errors from "@tidings/i18n/locales/en/errors.json";
import i18next from "i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderPage } from "../../../test/helpers/render.tsx";
import { fakeServer, feedPreview, feedSummary, previewEntry, type SeenRequest } from "../follow/test-server.ts";
import type { RsshubRoute } from "./discover-api.ts";
import { RouteForm } from "./route-form.tsx";

await i18next.init({ lng: "en", resources: { en: { app, errors } }, interpolation: { escapeValue: false } });

const route: RsshubRoute = {
  path: "/issue/:user/:repo/:state?",
  name: "Repo Issues",
  example: "/github/issue/DIYgod/RSSHub",
  description: "",
  categories: ["programming"],
  parameters: { user: "GitHub user name", repo: "Repository name", state: "Issue state" },
  maintainers: [],
  location: "issue.ts",
};

const status = (instance: { description: string } | null) => () =>
  Response.json({
    code: 0,
    data: {
      purchase: null,
      usage: null,
      instance: instance ? { id: "1800000000000000301", baseUrl: "https://rss.mine.example", ...instance } : null,
      default: { baseUrl: "https://rsshub.default.example", status: "ok", errorMessage: null, checkedAt: null },
      catalogue: { source: "default", fetchedAt: null },
    },
  });

function renderForm(routes: Record<string, (request: SeenRequest) => Response>) {
  const seen = fakeServer(routes);
  renderPage(<RouteForm target={{ prefix: "github", namespace: { name: "GitHub", url: "github.com" }, route }} onDone={() => {}} />);
  return seen;
}

const fill = (name: RegExp, value: string) => fireEvent.change(screen.getByRole("textbox", { name }), { target: { value } });
const feedRequests = (seen: SeenRequest[]) => seen.filter((request) => request.path === "/api/feeds").map((request) => request.query.get("url"));

afterEach(() => vi.unstubAllGlobals());

describe("RouteForm", () => {
  it("says which instance resolves the route, and previews its entries once the required parameters are in", async () => {
    const entries = [1, 2, 3, 4, 5, 6, 7].map((n) => previewEntry(String(n), { title: `Issue ${n}` }));
    const seen = renderForm({
      "GET /api/rsshub/status": status({ description: "My RSSHub" }),
      "GET /api/feeds": () => Response.json({ code: 0, data: feedPreview({ feed: feedSummary({ title: "DIYgod/RSSHub issues", url: "rsshub://github/issue/DIYgod/RSSHub" }), entries }) }),
    });
    expect((await screen.findByTestId("rsshub-resolved-through")).textContent).toBe("Resolved through: My RSSHub");

    fill(/^user/, "DIYgod");
    await new Promise((resolve) => setTimeout(resolve, 900));
    expect(feedRequests(seen)).toEqual([]);
    expect(screen.queryByTestId("follow-preview")).toBeNull();

    fill(/^repo/, "RSSHub");
    expect(screen.getByText("Fetching the feed…")).toBeTruthy();
    const preview = await screen.findByTestId("follow-preview", {}, { timeout: 3000 });
    expect(preview.textContent).toContain("DIYgod/RSSHub issues");
    expect(within(preview).getAllByRole("listitem").map((item) => item.textContent)).toEqual([1, 2, 3, 4, 5].map((n) => expect.stringContaining(`Issue ${n}`)));
    expect(feedRequests(seen)).toEqual(["rsshub://github/issue/DIYgod/RSSHub"]);
  });

  it("shows the server's default instance and the route's failure inline", async () => {
    renderForm({
      "GET /api/rsshub/status": status(null),
      "GET /api/feeds": () => Response.json({ code: 13000, message: "RSSHub route not found", reason: "No route matches /github/issue/nobody/nothing" }, { status: 404 }),
    });
    expect((await screen.findByTestId("rsshub-resolved-through")).textContent).toBe("Resolved through: the server's default instance");
    fill(/^user/, "nobody");
    fill(/^repo/, "nothing");
    const problem = await screen.findByTestId("route-preview-error", {}, { timeout: 3000 });
    expect(problem.textContent).toContain("Preview failed: RSSHub route not found");
    expect(problem.textContent).toContain("No route matches /github/issue/nobody/nothing");
    expect(screen.queryByTestId("follow-preview")).toBeNull();
  });
});
