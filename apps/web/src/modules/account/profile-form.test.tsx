import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderPage } from "../../../test/helpers/render.tsx";
import { avatarProblem, formatSize } from "./avatar-file.ts";
import { ProfileForm } from "./profile-form.tsx";
import { fakeServer, sessionPayload } from "./test-server.ts";

afterEach(() => vi.unstubAllGlobals());

const user = sessionPayload({ name: "Ada", handle: "ada", bio: "Reads a lot", socialLinks: { github: "ada" } }).user;

function pickFile(file: File) {
  fireEvent.change(screen.getByTestId("avatar-input"), { target: { files: [file] } });
}

describe("avatar checks (spec §5 wording)", () => {
  it("refuses non-images and files over the limit, before any upload", () => {
    expect(avatarProblem(new File(["x"], "a.txt", { type: "text/plain" }), 1024)).toEqual({ key: "invalid_image" });
    expect(avatarProblem(new File([new Uint8Array(2048)], "a.png", { type: "image/png" }), 1024)).toEqual({ key: "too_large", size: "1 KB" });
    expect(avatarProblem(new File([new Uint8Array(10)], "a.png", { type: "image/png" }), 1024)).toBeUndefined();
    expect(formatSize(2 * 1024 * 1024)).toBe("2 MB");
  });

  it("shows 'Please select a valid image file' and 'File size must be less than {{size}}' with the server's limit", async () => {
    const seen = fakeServer({ "GET /api/status/configs": () => Response.json({ code: 0, data: { AVATAR_MAX_BYTES: 1024 } }) });
    renderPage(<ProfileForm user={user} />);
    await waitFor(() => expect(seen.some((r) => r.path === "/api/status/configs")).toBe(true));
    pickFile(new File(["hello"], "notes.txt", { type: "text/plain" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Please select a valid image file");
    pickFile(new File([new Uint8Array(4096)], "big.png", { type: "image/png" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("File size must be less than 1 KB"));
    expect(seen.some((r) => r.path === "/api/upload/avatar")).toBe(false);
  });

  it("uploads a fitting image and shows the server's 14001 message when it refuses", async () => {
    const seen = fakeServer({
      "GET /api/status/configs": () => Response.json({ code: 0, data: {} }),
      "POST /api/upload/avatar": () => Response.json({ code: 14001, message: "File too large" }, { status: 413 }),
    });
    renderPage(<ProfileForm user={user} />);
    pickFile(new File([new Uint8Array(100)], "me.png", { type: "image/png" }));
    expect((await screen.findByRole("alert")).textContent).toBe("File too large");
    const upload = seen.find((r) => r.path === "/api/upload/avatar")!;
    expect((upload.body as FormData).get("file")).toBeInstanceOf(File);
  });
});

describe("ProfileForm", () => {
  it("disables Save while a field is invalid", async () => {
    fakeServer({ "GET /api/status/configs": () => Response.json({ code: 0, data: {} }) });
    renderPage(<ProfileForm user={user} />);
    const save = await screen.findByRole("button", { name: "Save" });
    expect((save as HTMLButtonElement).disabled).toBe(false);
    await userEvent.clear(screen.getByLabelText("Handle"));
    await userEvent.type(screen.getByLabelText("Handle"), "a!");
    expect(screen.getByRole("alert").textContent).toContain("3 to 30 characters");
    expect((save as HTMLButtonElement).disabled).toBe(true);
    await userEvent.clear(screen.getByLabelText("Handle"));
    await userEvent.type(screen.getByLabelText("Website"), "not a url");
    expect((save as HTMLButtonElement).disabled).toBe(true);
  });

  it("sends the fields and shows a taken handle under the handle field", async () => {
    const seen = fakeServer({
      "GET /api/status/configs": () => Response.json({ code: 0, data: {} }),
      "POST /api/better-auth/update-user": () => Response.json({ message: "Handle is taken", code: "HANDLE_TAKEN" }, { status: 400 }),
    });
    renderPage(<ProfileForm user={user} />);
    await userEvent.clear(await screen.findByLabelText("Handle"));
    await userEvent.type(screen.getByLabelText("Handle"), "Grace_H");
    await userEvent.type(screen.getByLabelText("Website"), "https://grace.example");
    await userEvent.type(screen.getByLabelText("YouTube"), "@grace");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    const handleError = await screen.findByRole("alert");
    expect(handleError.textContent).toBe("Handle is taken");
    expect(handleError.id).toBe("field-handle-error");
    expect(seen.find((r) => r.path.endsWith("/update-user"))!.body).toEqual({
      name: "Ada",
      handle: "grace_h",
      bio: "Reads a lot",
      website: "https://grace.example",
      socialLinks: { github: "ada", youtube: "@grace" },
    });
  });
});
