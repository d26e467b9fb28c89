import { type EntryState, useEntries } from "../../../store/entries.store.ts";
import { useSource } from "../../../store/sources.store.ts";
import { subscriptionTitle, useSubscriptions } from "../../../store/subscriptions.store.ts";

/** What a row shows of an entry's source: the reader's own title for it when followed. */
export interface SourceInfo {
  title: string;
  image: string | null;
  siteUrl: string | null;
  url: string | null;
}

/**
 * One row's data, each piece selected on its own from the stores, so a row re-renders only when
 * its own entry or source changes (10 000-row timelines scroll at full speed).
 */
export function useEntryItem(id: string): { item: EntryState | undefined; source: SourceInfo } {
  const item = useEntries((state) => state.byId[id]);
  const key = item?.sourceKey;
  const source = useSource(key);
  const subscription = useSubscriptions((state) => (key ? state.byKey[key] : undefined));
  const title = subscription ? subscriptionTitle(subscription) : (source?.title ?? (source && "url" in source ? source.url : (key ?? "")));
  return {
    item,
    source: {
      title,
      image: source?.image ?? null,
      siteUrl: source && "siteUrl" in source ? source.siteUrl : null,
      url: source && "url" in source ? source.url : null,
    },
  };
}
