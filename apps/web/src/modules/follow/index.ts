export { CategoryInput, PrimaryButton, SecondaryButton, SwitchField, ViewSelect } from "./form-fields.tsx";
export { followErrorText, FollowForm, type FollowFormProps } from "./follow-form.tsx";
export { feedPreviewQuery } from "./follow-queries.ts";
export { type ListFee, powerOn, useListFee } from "./list-fee.ts";
export { FeedPreviewCard, PreviewLoading } from "./source-preview.tsx";
export { useDebounced } from "./use-debounced.ts";
export { normaliseFollowUrl } from "./follow-url.ts";
export { FOLLOW_DIALOG_ID, openFollowDialog, openQuickAdd, QUICK_ADD_DIALOG_ID } from "./open-follow-dialog.tsx";
export { useCategorySuggestions } from "./use-categories.ts";
