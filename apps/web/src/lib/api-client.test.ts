import { afterEach, describe, expect, it, vi } from "vitest";
import { useConnectivity } from "./connectivity.ts";
import { api, ApiError, errorText } from "./api-client.ts";

function answer(status: number, body: unknown) {
  vi.stubGlobal("fetch", vi.fn(async () => new Response(body === undefined ? null : JSON.stringify(body), { status })));
}

afterEach(() => {
  vi.unstubAllGlobals();
  useConnectivity.setState({ online: true, unauthorized: false });
});

describe("api", () => {
  it("answers the data of a {code: 0, data} envelope and sends the app headers", async () => {
    answer(200, { code: 0, data: { status: "ok" } });
    await expect(api("health")).resolves.toEqual({ status: "ok" });
    const [url, init] = vi.mocked(fetch).mock.calls[0]!;
    expect(url).toBe("/api/health");
    expect((init!.headers as Record<string, string>)["X-App-Version"]).toBe("0.5.0");
    expect(init!.credentials).toBe("include");
  });

  it("sends JSON bodies and query parameters, skipping empty ones", async () => {
    answer(200, { code: 0 });
    await api("reads", { json: { entryIds: ["1"] }, query: { view: 0, feedId: undefined, read: false } });
    const [url, init] = vi.mocked(fetch).mock.calls[0]!;
    expect(url).toBe("/api/reads?view=0&read=false");
    expect(init!.method).toBe("POST");
    expect(init!.body).toBe('{"entryIds":["1"]}');
  });

  it("throws an ApiError carrying status, code and reason", async () => {
    answer(404, { code: 2001, message: "Feed not found", reason: "no feed 123" });
    const error = (await api("feeds").catch((caught: unknown) => caught)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 2001, reason: "no feed 123", message: "Feed not found" });
  });

  it("sets the unauthorized flag on a 401", async () => {
    answer(401, { code: 1000, message: "Unauthorized" });
    await api("subscriptions").catch(() => {});
    expect(useConnectivity.getState().unauthorized).toBe(true);
  });

  it("goes offline when the request never gets an answer", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))));
    const error = (await api("entries").catch((caught: unknown) => caught)) as ApiError;
    expect(error.status).toBeUndefined();
    expect(error.message).toBe("Network Error");
    expect(useConnectivity.getState().online).toBe(false);
  });
});

describe("errorText (spec §8)", () => {
  const error = new ApiError({ method: "GET", url: "/x", status: 404, body: { code: 2001, message: "server words" } });

  it("prefers the translation of the code", () => {
    expect(errorText(error, () => "Flux introuvable")).toBe("Flux introuvable");
  });

  it("falls back to the catalogue message, then to the error's own message", () => {
    expect(errorText(error)).toBe("Feed not found");
    expect(errorText(new Error("plain"))).toBe("plain");
  });
});
