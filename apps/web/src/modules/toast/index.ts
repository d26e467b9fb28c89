export { toastError } from "./toast-error.tsx";
export { Toaster } from "./toaster.tsx";
export { useCopy } from "./use-copy.ts";
export { handleApiError } from "./handle-api-error.ts";
