import { describe, expect, it } from "vitest";
import pg from "pg";
import { describeConnectionError } from "./connection-error.ts";

describe("describeConnectionError", () => {
  it("names the server and what to check when nothing listens there", async () => {
    const url = "postgres://tidings:secret@127.0.0.1:1/tidings";
    const client = new pg.Client({ connectionString: url });
    const error = await client.connect().then(() => null, (failure: unknown) => failure);
    const message = describeConnectionError(error, url);
    expect(message).toContain("the PostgreSQL server of DATABASE_URL (127.0.0.1:1/tidings)");
    expect(message).toContain("is PostgreSQL running");
    expect(message).not.toContain("secret");
  });

  it("explains an unknown host, a refused password and a missing database", () => {
    const url = "postgres://u:p@db.invalid:5433/x";
    expect(describeConnectionError(Object.assign(new Error("getaddrinfo ENOTFOUND db.invalid"), { code: "ENOTFOUND" }), url)).toMatch(/db\.invalid:5433.*host name is not known/);
    expect(describeConnectionError({ code: "28P01", message: "password authentication failed" }, url)).toContain("refused the password");
    expect(describeConnectionError({ code: "3D000", message: 'database "x" does not exist' }, url)).toContain("does not exist");
  });

  it("leaves other errors to the caller", () => {
    expect(describeConnectionError(new Error("relation does not exist"), "postgres://h/d")).toBeNull();
    expect(describeConnectionError({ code: "42P01" }, "not a url")).toBeNull();
    expect(describeConnectionError({ code: "ECONNREFUSED" }, null)).toBeNull();
  });
});
