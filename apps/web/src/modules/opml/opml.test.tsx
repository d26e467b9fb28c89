import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { ErrorCode } from "@tidings/contracts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderPage } from "../../../test/helpers/render.tsx";
import { ApiError } from "../../lib/api-client.ts";
import { registerQueryClient } from "../../lib/query-client-instance.ts";
import { countFeedOutlines, dispositionName, exportUrl, importOpml } from "./opml-api.ts";
import { OpmlImport } from "./opml-import.tsx";

const OPML = `<?xml version="1.0"?><opml version="2.0"><body>
<outline text="News"><outline text="A" xmlUrl="https://a.example/feed"/><outline text="B" xmlUrl="https://b.example/feed"/></outline>
<outline text="C" xmlUrl="https://c.example/feed"/><outline text="no address"/></body></opml>`;

const feed = (id: string, title: string) => ({ type: "feed", id, url: `https://${title.toLowerCase()}.example/feed`, title, description: null, image: null, siteUrl: null, errorMessage: null, errorAt: null, ownerUserId: null });

afterEach(() => vi.unstubAllGlobals());

describe("OPML helpers", () => {
  it("counts the feed outlines of a document, and no XML as null", () => {
    expect(countFeedOutlines(OPML)).toBe(3);
    expect(countFeedOutlines("not <xml")).toBeNull();
  });

  it("builds the export address and reads the download's name", () => {
    expect(exportUrl("view", "")).toBe("/api/subscriptions/export?folderMode=view");
    expect(exportUrl("category", " https://hub.example ")).toBe("/api/subscriptions/export?folderMode=category&RSSHubURL=https%3A%2F%2Fhub.example");
    expect(dispositionName('attachment; filename="tidings-subscriptions.opml"', "x.opml")).toBe("tidings-subscriptions.opml");
    expect(dispositionName(null, "x.opml")).toBe("x.opml");
  });

  it("sends the file as multipart and throws the server's error with its code", async () => {
    const sent: FormData[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_url: string, init: RequestInit) => {
        sent.push(init.body as FormData);
        return Response.json({ code: ErrorCode.InvalidFile, message: "Invalid file" }, { status: 400 });
      }),
    );
    const error = await importOpml(new File(["nope"], "bad.opml"), 3).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(ErrorCode.InvalidFile);
    expect(sent[0]?.get("view")).toBe("3");
    expect((sent[0]?.get("file") as File).name).toBe("bad.opml");
  });
});

describe("OpmlImport", () => {
  it("shows progress while the server works, then the three tables", async () => {
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal("fetch", vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))));
    const view = renderPage(<OpmlImport />);
    registerQueryClient(view.queryClient);
    fireEvent.change(screen.getByTestId("opml-file"), { target: { files: [new File([OPML], "old-reader.opml", { type: "text/x-opml" })] } });
    await screen.findByText("Following 3 feeds from old-reader.opml…");
    expect(screen.getByRole("progressbar", { name: "Import progress" })).toBeTruthy();

    answer(
      Response.json({
        code: 0,
        data: { successfulItems: [feed("1", "A"), feed("2", "B")], conflictItems: [feed("3", "C")], parsedErrorItems: [{ title: "no address", reason: "The outline has no feed address" }] },
      }),
    );
    await waitFor(() => expect(screen.queryByRole("progressbar")).toBeNull());
    expect(screen.getByText("Imported 2, already followed 1, could not import 1.")).toBeTruthy();
    expect(within(screen.getByTestId("opml-imported")).getAllByRole("row")).toHaveLength(3);
    expect(within(screen.getByTestId("opml-conflicts")).getByText("C")).toBeTruthy();
    expect(within(screen.getByTestId("opml-errors")).getByText("The outline has no feed address")).toBeTruthy();
  });

  it("shows a refused file with its code's message", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => Response.json({ code: ErrorCode.FileTooLarge, message: "File too large" }, { status: 413 })));
    const view = renderPage(<OpmlImport />);
    registerQueryClient(view.queryClient);
    fireEvent.change(screen.getByTestId("opml-file"), { target: { files: [new File([OPML], "big.opml")] } });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("Could not import big.opml: File too large");
  });
});
