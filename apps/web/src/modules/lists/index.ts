// Lists (spec §1): the reader's own curated lists of feeds — create, edit, delete, their feeds.
export { openListForm } from "./list-form.tsx";
export { ListsSettings } from "./lists-settings.tsx";
export { ownedListsQuery } from "./lists-api.ts";
