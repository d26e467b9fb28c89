export { createSearchModule, type SearchModule, type SearchPorts } from "./search.module.ts";
