export { CategoryInput, PrimaryButton, SecondaryButton, SwitchField, ViewSelect } from "./form-fields.tsx";
export { followErrorText, FollowForm } from "./follow-form.tsx";
export { normaliseFollowUrl } from "./follow-url.ts";
export { FOLLOW_DIALOG_ID, openFollowDialog } from "./open-follow-dialog.tsx";
export { useCategorySuggestions } from "./use-categories.ts";
