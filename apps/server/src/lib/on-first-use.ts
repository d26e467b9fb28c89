/**
 * A value made when first asked for (typically by a dynamic import: a module that costs memory
 * for good once loaded, loaded only by a server that uses it). Made once; a failure is not kept,
 * so the next ask tries again.
 */
export function onFirstUse<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | null = null;
  return () =>
    (made ??= make().catch((error: unknown) => {
      made = null;
      throw error;
    }));
}
