import type { FeedView } from "@tidings/contracts";
import { Bell, Headphones, Image, type LucideIcon, MessageCircle, Newspaper, Video } from "lucide-react";

/** The icon of each view, for the header of a view's "all" timeline (same set as the view tabs). */
export const VIEW_ICON: Record<FeedView, LucideIcon> = {
  0: Newspaper,
  1: MessageCircle,
  2: Image,
  3: Video,
  4: Headphones,
  5: Bell,
};
