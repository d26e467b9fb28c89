import { apiAs } from "../helpers/api.ts";
import { appPassword } from "../helpers/app-passwords.ts";
import { signUp, type TestApp } from "../helpers/app.ts";

/** A reader with an app password, signed in to the Google Reader API as an app does. */
export async function readerApp(t: TestApp, email: string) {
  const account = await signUp(t, { email });
  const api = apiAs(t, account.cookie);
  const made = await appPassword(api, "Test app");
  const password = made.password;
  const login = await t.request("/api/greader/accounts/ClientLogin", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ Email: email, Passwd: password }).toString(),
  });
  const text = await login.text();
  const auth = /Auth=(.+)/.exec(text)?.[1]?.trim() ?? "";
  const headers = { authorization: `GoogleLogin auth=${auth}` };
  const call = (path: string, init: { form?: Record<string, string | string[]>; method?: string; base?: string } = {}) => {
    const body = init.form ? new URLSearchParams() : undefined;
    for (const [name, value] of Object.entries(init.form ?? {})) for (const one of [value].flat()) body!.append(name, one);
    return t.request(`${init.base ?? "/api/greader"}/reader/api/0/${path}`, {
      method: init.method ?? (body ? "POST" : "GET"),
      headers: { ...headers, ...(body ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
      ...(body ? { body: body.toString() } : {}),
    });
  };
  const json = async <T = Record<string, unknown>>(path: string, init?: Parameters<typeof call>[1]) => {
    const response = await call(path, init);
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  return { ...account, api, password, passwordId: made.id, auth, login, call, json };
}
