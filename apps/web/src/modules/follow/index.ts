export { followErrorText, FollowForm } from "./follow-form.tsx";
export { feedPreviewQuery } from "./follow-queries.ts";
export { powerOn, useListFee } from "./list-fee.ts";
export { FeedPreviewCard, PreviewLoading } from "./source-preview.tsx";
export { useDebounced } from "./use-debounced.ts";
export { openFollowDialog, openQuickAdd } from "./open-follow-dialog.tsx";
export { useCategorySuggestions } from "./use-categories.ts";
