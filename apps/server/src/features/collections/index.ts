export { createCollectionsModule, type CollectionsPorts } from "./collections.module.ts";
