export * from "./format.ts";
export * from "./route-path.ts";
