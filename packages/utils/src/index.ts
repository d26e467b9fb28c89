export * from "./format.ts";
export * from "./route-path.ts";
export * from "./html-to-markdown.ts";
