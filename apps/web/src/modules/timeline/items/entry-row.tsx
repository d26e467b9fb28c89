import type { FeedView } from "@tidings/contracts";
import { memo } from "react";
import { ArticleItem } from "./article-item.tsx";
import { NotificationItem } from "./notification-item.tsx";
import { PictureItem } from "./picture-item.tsx";
import { SocialItem } from "./social-item.tsx";
import { VideoItem } from "./video-item.tsx";

/**
 * One entry in the layout of its view. Memoised on its id: scrolling re-renders only rows that
 * appear, and a store change re-renders only the rows whose entry changed.
 */
export const EntryRow = memo(function EntryRow({ id, view, masonry }: { id: string; view: FeedView; masonry: boolean }) {
  switch (view) {
    case 1:
      return <SocialItem id={id} />;
    case 2:
      return <PictureItem id={id} masonry={masonry} />;
    case 3:
      return <VideoItem id={id} />;
    case 5:
      return <NotificationItem id={id} />;
    default:
      return <ArticleItem id={id} audioView={view === 4} />;
  }
});
