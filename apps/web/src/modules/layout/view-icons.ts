import type { FeedView } from "@tidings/contracts";
import { Bell, Headphones, Image, type LucideIcon, MessageCircle, Newspaper, Video } from "lucide-react";

export const VIEW_ICONS: Record<FeedView, LucideIcon> = {
  0: Newspaper,
  1: MessageCircle,
  2: Image,
  3: Video,
  4: Headphones,
  5: Bell,
};
