// The share dialog without the share pages: entry actions and the subscription column open it,
// and index.ts would pull in the pages, which import the timeline, which imports entry actions.
export { openShareDialog } from "./share-dialog.tsx";
