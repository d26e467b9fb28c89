import { cookieFrom, type TestApp } from "./app.ts";

/** Merges cookie strings like a browser jar: a later value of a name wins, an empty one removes it. */
export function joinCookies(...cookies: (string | undefined)[]): string {
  const jar = new Map<string, string>();
  for (const pair of cookies.flatMap((cookie) => (cookie ? cookie.split("; ") : []))) {
    const at = pair.indexOf("=");
    if (at <= 0) continue;
    const value = pair.slice(at + 1);
    if (value === "") jar.delete(pair.slice(0, at));
    else jar.set(pair.slice(0, at), value);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}

/**
 * Follows an OAuth start (`sign-in/social` or `link-social` answer) through the provider's
 * `/authorize` and back into the server's callback, carrying the state cookie, like a browser.
 * Answers the callback's response, where it redirects, and the cookies it set.
 */
export async function followOAuth(t: TestApp, start: Response, sessionCookie?: string) {
  if (start.status !== 200) throw new Error(`OAuth start failed: ${start.status} ${await start.text()}`);
  const { url } = (await start.json()) as { url: string };
  const authorize = await fetch(url, { redirect: "manual" });
  const back = authorize.headers.get("location");
  if (authorize.status !== 302 || !back) throw new Error(`provider did not redirect back: ${authorize.status} ${await authorize.text()}`);
  const callback = new URL(back);
  const response = await t.request(callback.pathname + callback.search, { cookie: joinCookies(sessionCookie, cookieFrom(start)) });
  return { response, location: response.headers.get("location") ?? "", cookie: cookieFrom(response), callbackUrl: callback };
}
