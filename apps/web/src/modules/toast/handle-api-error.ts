import { ErrorCode } from "@tidings/contracts";
import { ApiError } from "../../lib/api-client.ts";
import { navigateTo } from "../../lib/navigation.ts";
import { toastError } from "./toast-error.tsx";

/**
 * What happens to a failed API call nobody handled (spec §8): a 400 with code 1003 sends the
 * visitor to `/invitation`; everything else becomes an error toast.
 */
export function handleApiError(error: unknown): void {
  if (error instanceof ApiError && error.status === 400 && error.code === ErrorCode.InvalidInvitation) {
    navigateTo("/invitation");
    return;
  }
  toastError(error);
}
