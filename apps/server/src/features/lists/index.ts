// Lists: what the composition root and other features use.
export { type ListRow, presentList } from "./list.presenter.ts";
export { createListsModule, type ListsModule, type ListsPorts } from "./lists.module.ts";
