import { describe, expect, it } from "vitest";
import { categoryOptions } from "./form-fields.tsx";

describe("categoryOptions", () => {
  const all = ["Design", "Dev", "News"];
  it("offers everything for nothing typed or an exact name, else the names containing the text", () => {
    expect(categoryOptions(all, "")).toEqual(all);
    expect(categoryOptions(all, "dev")).toEqual(all);
    expect(categoryOptions(all, "e")).toEqual(["Design", "Dev", "News"]);
    expect(categoryOptions(all, "ws")).toEqual(["News"]);
    expect(categoryOptions(all, "Sports")).toEqual([]);
  });
});
