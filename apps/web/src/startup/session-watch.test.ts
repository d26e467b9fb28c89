import { QueryClient } from "@tanstack/react-query";
import type { SessionPayload } from "@tidings/contracts";
import { describe, expect, it } from "vitest";
import { sessionKeys } from "../queries/session.ts";
import { watchSessionUser } from "./session-watch.ts";

const session = (id: string) => ({ user: { id } }) as unknown as SessionPayload;

describe("watchSessionUser", () => {
  it("hears sign-in, a change of user and sign-out once each", () => {
    const client = new QueryClient();
    const heard: (string | null)[] = [];
    const stop = watchSessionUser(client, (userId) => heard.push(userId));
    expect(heard).toEqual([]);
    client.setQueryData(sessionKeys.all, session("u1"));
    client.setQueryData(sessionKeys.all, session("u1"));
    client.setQueryData(["unrelated"], 1);
    client.setQueryData(sessionKeys.all, session("u2"));
    client.setQueryData(sessionKeys.all, null);
    expect(heard).toEqual(["u1", "u2", null]);
    stop();
    client.setQueryData(sessionKeys.all, session("u3"));
    expect(heard).toEqual(["u1", "u2", null]);
  });

  it("answers at once when the session is known already", () => {
    const client = new QueryClient();
    client.setQueryData(sessionKeys.all, session("u1"));
    const heard: (string | null)[] = [];
    watchSessionUser(client, (userId) => heard.push(userId));
    expect(heard).toEqual(["u1"]);
  });
});
