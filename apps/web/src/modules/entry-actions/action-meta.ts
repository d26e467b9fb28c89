import {
  ArrowDownToLine,
  ArrowUpToLine,
  BookOpenText,
  CircleCheck,
  ExternalLink,
  FileDown,
  HandCoins,
  Images,
  Link,
  type LucideIcon,
  PanelTop,
  Settings2,
  Languages,
  Share2,
  Sparkles,
  Speech,
  Star,
  Trash2,
  Type,
} from "lucide-react";
import { INTEGRATION_ACTION_META } from "../integrations/index.ts";
import type { EntryActionId } from "./types.ts";

/**
 * How an action is named and drawn when no entry is at hand (the customise dialog): the label of
 * its usual state ("Mark as read", "Star").
 */
export const ACTION_META: Record<EntryActionId, { icon: LucideIcon; label: string }> = {
  read: { icon: CircleCheck, label: "entry_actions.mark_read" },
  star: { icon: Star, label: "entry_actions.star" },
  aiSummary: { icon: Sparkles, label: "entry_actions.ai_summary" },
  aiTranslation: { icon: Languages, label: "entry_actions.ai_translation" },
  textToSpeech: { icon: Speech, label: "entry_actions.text_to_speech" },
  readability: { icon: BookOpenText, label: "entry_actions.readability" },
  sourceContent: { icon: PanelTop, label: "entry_actions.source" },
  share: { icon: Share2, label: "entry_actions.share" },
  openInBrowser: { icon: ExternalLink, label: "entry_actions.open_in_browser" },
  copyLink: { icon: Link, label: "entry_actions.copy_link" },
  copyTitle: { icon: Type, label: "entry_actions.copy_title" },
  readAbove: { icon: ArrowUpToLine, label: "entry_actions.read_above" },
  readBelow: { icon: ArrowDownToLine, label: "entry_actions.read_below" },
  imageGallery: { icon: Images, label: "entry_actions.image_gallery" },
  exportPdf: { icon: FileDown, label: "entry_actions.export_pdf" },
  tip: { icon: HandCoins, label: "entry_actions.tip" },
  ...INTEGRATION_ACTION_META,
  delete: { icon: Trash2, label: "entry_actions.delete" },
  customize: { icon: Settings2, label: "entry_actions.customize" },
};
