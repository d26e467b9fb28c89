export { ErrorPage } from "./error-page.tsx";
export { NotFound } from "./not-found.tsx";
export { useRemoveSkeleton } from "./remove-skeleton.ts";
