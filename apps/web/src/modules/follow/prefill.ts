import type { FeedView } from "@tidings/contracts";
import type { FeedPreview, ListPreview } from "./follow-queries.ts";
import { inferViewFromEntries } from "./infer-view.ts";
import type { FollowFields } from "./subscription-patch.ts";

/**
 * The form once a preview arrives. Something already followed shows the reader's own settings;
 * else the view becomes the one the feed suggests (a list's own view), or stays the view being
 * read — unless the reader already picked one, which is never overridden.
 */
export function prefill(fields: FollowFields, preview: FeedPreview | ListPreview, options: { viewChosen: boolean; currentView: FeedView }): FollowFields {
  const followed = preview.subscription;
  if (followed) {
    return { view: followed.view, category: "category" in followed ? (followed.category ?? "") : fields.category, title: followed.title ?? "", isPrivate: followed.isPrivate };
  }
  if (options.viewChosen) return fields;
  const view = "list" in preview ? preview.list.view : (inferViewFromEntries(preview.entries, preview.feed.siteUrl) ?? options.currentView);
  return view === fields.view ? fields : { ...fields, view };
}
