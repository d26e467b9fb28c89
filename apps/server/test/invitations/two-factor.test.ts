import { afterEach, describe, expect, it } from "vitest";
import { apiAs } from "../helpers/api.ts";
import { createTestApp, signUp, type TestApp } from "../helpers/app.ts";
import { enableTwoFactor, totpCode } from "../helpers/totp-code.ts";

let t: TestApp;
afterEach(async () => t?.close());

describe("POST /invitations/new with two-factor on", () => {
  it("asks for the code (4008), refuses a wrong one (4007), accepts the current one", async () => {
    t = await createTestApp({ INVITATION_INTERVAL_DAYS: "0" });
    const signedUp = await signUp(t, { email: "admin@example.com" });
    const other = apiAs(t, (await signUp(t, { email: "other@example.com" })).cookie);
    const { cookie, totpURI } = await enableTwoFactor(t, signedUp.cookie);
    const admin = apiAs(t, cookie);

    expect(await admin.post("/invitations/new")).toMatchObject({ status: 400, body: { code: 4008 } });
    expect(await admin.post("/invitations/new", { TOTPCode: "" })).toMatchObject({ status: 400, body: { code: 4008 } });
    const wrong = String((Number(totpCode(totpURI)) + 500_000) % 1_000_000).padStart(6, "0");
    expect(await admin.post("/invitations/new", { TOTPCode: wrong })).toMatchObject({ status: 400, body: { code: 4007 } });
    expect(await admin.post("/invitations/new", { TOTPCode: "not-a-code" })).toMatchObject({ status: 400, body: { code: 4007 } });
    // Two steps away is outside the ±1 step a drifting phone clock is allowed.
    expect(await admin.post("/invitations/new", { TOTPCode: totpCode(totpURI, new Date(), 3) })).toMatchObject({ body: { code: 4007 } });
    expect((await admin.get<unknown[]>("/invitations")).body.data).toEqual([]);

    const created = await admin.post<string>("/invitations/new", { TOTPCode: totpCode(totpURI) });
    expect(created).toMatchObject({ status: 200, body: { code: 0, data: expect.stringMatching(/^[A-Z0-9]{10}$/) } });
    const previousStep = await admin.post("/invitations/new", { TOTPCode: totpCode(totpURI, new Date(), -1) });
    expect(previousStep).toMatchObject({ status: 200 });

    // Accounts without two-factor are not asked.
    expect(await other.post("/invitations/new")).toMatchObject({ status: 200 });
  });

  it("accepts a backup code once", async () => {
    t = await createTestApp({ INVITATION_INTERVAL_DAYS: "0" });
    const signedUp = await signUp(t, { email: "admin@example.com" });
    const { cookie, backupCodes } = await enableTwoFactor(t, signedUp.cookie);
    const admin = apiAs(t, cookie);
    const backup = backupCodes[0]!;
    expect(await admin.post("/invitations/new", { TOTPCode: backup })).toMatchObject({ status: 200 });
    expect(await admin.post("/invitations/new", { TOTPCode: backup })).toMatchObject({ status: 400, body: { code: 4007 } });
    expect(await admin.post("/invitations/new", { TOTPCode: backupCodes[1] })).toMatchObject({ status: 200 });
  });

  it("does not ask for a code to use an invitation", async () => {
    t = await createTestApp({ INVITATIONS_REQUIRED: "true", INVITATION_INTERVAL_DAYS: "0" });
    const admin = apiAs(t, (await signUp(t, { email: "admin@example.com" })).cookie);
    const trialSignUp = await signUp(t, { email: "trial@example.com" });
    const { cookie } = await enableTwoFactor(t, trialSignUp.cookie);
    const code = (await admin.post<string>("/invitations/new")).body.data!;
    expect(await apiAs(t, cookie).post("/invitations/use", { code })).toMatchObject({ status: 200, body: { code: 0 } });
  });
});
