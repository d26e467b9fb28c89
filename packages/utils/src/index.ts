export * from "./format.ts";
