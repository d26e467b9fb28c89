import { useEffect } from "react";
import { PREFETCH_ROWS } from "./list-handle.ts";

/** Asks for the next page when the last rendered row is within ~10 rows of the end. */
export function useInfiniteTrigger(lastRenderedIndex: number, count: number, more: { hasNextPage: boolean; fetchingNextPage: boolean; fetchNextPage: () => void }) {
  const { hasNextPage, fetchingNextPage, fetchNextPage } = more;
  const near = count > 0 && lastRenderedIndex >= count - 1 - PREFETCH_ROWS;
  useEffect(() => {
    if (near && hasNextPage && !fetchingNextPage) fetchNextPage();
    // fetchNextPage is a new function each render; asking again needs a change of the others.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [near, hasNextPage, fetchingNextPage, count]);
}
