import {
  ArrowDownToLine,
  ArrowUpToLine,
  BookOpenText,
  Check,
  CircleCheck,
  CircleDot,
  ExternalLink,
  FileDown,
  HandCoins,
  Images,
  Languages,
  Link,
  PanelTop,
  Settings2,
  Share2,
  Sparkles,
  Speech,
  Star,
  Trash2,
  Type,
} from "lucide-react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate, useParams } from "react-router";
import { toast } from "sonner";
import { markRead, markUnread } from "../../actions/read.actions.ts";
import { toggleStar } from "../../actions/star.actions.ts";
import { useEntryView } from "../../store/entry-view.store.ts";
import { useEntries } from "../../store/entries.store.ts";
import { useGeneralSetting, useUISetting } from "../../store/settings.store.ts";
import { canSummarize, toggleSummary, toggleTranslation, useAiView } from "../ai/index.ts";
import { useIntegrationActions } from "../integrations/index.ts";
import { speechActions, useSpeech } from "../speech/index.ts";
import { confirm } from "../modal/index.ts";
import { openTipDialog, usePowerEnabled } from "../power/boot.ts";
import { extractImages, openImageGallery } from "../renderer/index.ts";
import { openShareDialog } from "../share/boot.ts";
import { useCopy } from "../toast/index.ts";
import { openCustomizeToolbar } from "./customize-dialog.tsx";
import { deleteInboxEntry } from "./delete-inbox-entry.ts";
import { exportEntryPdf } from "./print-entry.ts";
import { toggleReadability, toggleSourceContent } from "./readability.ts";
import { openInBrowser } from "./share.ts";
import { splitToolbar } from "./toolbar-order.ts";
import { type EntryAction, type EntryActionContext, type EntryActionId, type EntryActions, ENTRY_ACTION_IDS } from "./types.ts";

const NONE: EntryActions = { main: [], more: [], all: [] };

/** Failures already reached the person as a toast (optimistic actions, clipboard): nothing to add. */
const quietly = (work: () => Promise<unknown>) => () => {
  void work().catch(() => undefined);
};

/**
 * The actions on one entry (spec §9), labelled for the current state (read or not, starred or
 * not, readability on or off), and split into toolbar and "more" as the `toolbarOrder` setting
 * says. One source for the reader toolbar, its menu, the timeline's context menu and the keys.
 */
export function useEntryActions(entryId: string, ctx: EntryActionContext): EntryActions {
  const { t } = useTranslation("app");
  const state = useEntries((s) => s.byId[entryId]);
  const mode = useEntryView((s) => s.mode[entryId] ?? "content");
  const readabilityStatus = useEntryView((s) => s.readability[entryId]?.status);
  const readabilityContent = useEntryView((s) => s.readability[entryId]?.content);
  const order = useUISetting("toolbarOrder");
  const summarySetting = useGeneralSetting("summary");
  const translationSetting = useGeneralSetting("translation");
  const summaryChoice = useAiView((s) => s.summary[entryId]);
  const translationChoice = useAiView((s) => s.translation[entryId]);
  const speaking = useSpeech((s) => s.show && s.entryId === entryId);
  const linkCopy = useCopy();
  const titleCopy = useCopy();
  const navigate = useNavigate();
  const location = useLocation();
  const { timelineId, feedId, entryId: openEntryId } = useParams();
  const integrations = useIntegrationActions(entryId);
  const power = usePowerEnabled({ fetch: false });

  if (!state) return NONE;
  const { entry, read, starredAt } = state;
  const summaryShown = summaryChoice ?? summarySetting;
  const translated = translationChoice ?? translationSetting;
  const url = entry.url;
  const title = entry.title?.trim() || "";
  const images = entry.content ? extractImages(entry.content, url ?? undefined) : [];
  const photos = (entry.media ?? []).filter((m) => m.type === "photo").map((m) => ({ src: m.url }));
  const gallery = [...images, ...photos.filter((p) => !images.some((i) => i.src === p.src))];
  const entryPath = timelineId && feedId ? `/timeline/${timelineId}/${feedId}/${entryId}` : null;
  /** Reader-only actions taken from a list row open the entry, where they show. */
  const openInReader = () => {
    if (openEntryId !== entryId && entryPath) void navigate(entryPath);
  };

  const copyLink = quietly(async () => {
    if (!url) return;
    await linkCopy.copy(url);
    toast.success(t("entry_actions.link_copied"));
  });

  const table: Record<EntryActionId, Omit<EntryAction, "id">> = {
    read: {
      label: read ? t("entry_actions.mark_unread") : t("entry_actions.mark_read"),
      icon: read ? CircleDot : CircleCheck,
      shortcut: "entry.toggleRead",
      active: read === true,
      hidden: read === null,
      run: () => (read ? markUnread([entryId]) : markRead([entryId])),
    },
    star: {
      label: starredAt ? t("entry_actions.unstar") : t("entry_actions.star"),
      icon: Star,
      shortcut: "entry.toggleStar",
      active: starredAt !== null,
      run: quietly(() => toggleStar(entryId, ctx.view)),
    },
    aiSummary: {
      label: summaryShown ? t("entry_actions.ai_summary_hide") : t("entry_actions.ai_summary"),
      icon: Sparkles,
      active: summaryShown,
      hidden: !canSummarize(mode === "readability" ? (readabilityContent ?? entry.content) : (entry.content ?? entry.description)),
      run: () => {
        // From a list row the summary is wanted, in the reader it flips.
        if (openEntryId === entryId || !summaryShown) toggleSummary(entryId);
        openInReader();
      },
    },
    aiTranslation: {
      label: translated ? t("entry_actions.ai_translation_off") : t("entry_actions.ai_translation"),
      icon: Languages,
      active: translated,
      run: quietly(async () => {
        await toggleTranslation(entryId);
        openInReader();
      }),
    },
    textToSpeech: {
      label: speaking ? t("entry_actions.text_to_speech_stop") : t("entry_actions.text_to_speech"),
      icon: Speech,
      active: speaking,
      hidden: !title && !entry.content && !entry.description,
      run: () => (speaking ? speechActions.close() : speechActions.speak(entryId)),
    },
    readability: {
      label: mode === "readability" ? t("entry_actions.readability_off") : t("entry_actions.readability"),
      icon: BookOpenText,
      shortcut: "entry.readability",
      active: mode === "readability",
      busy: mode === "readability" && readabilityStatus === "loading",
      hidden: !url,
      run: () => toggleReadability(entryId),
    },
    sourceContent: {
      label: mode === "source" ? t("entry_actions.source_off") : t("entry_actions.source"),
      icon: PanelTop,
      active: mode === "source",
      hidden: !url,
      run: () => {
        toggleSourceContent(entryId);
        openInReader();
      },
    },
    share: {
      label: t("entry_actions.share"),
      icon: Share2,
      shortcut: "entry.share",
      // An entry of a feed has a public page; an inbox entry only its original link, if any.
      hidden: !url && !entry.feedId,
      run: () => openShareDialog({ kind: "entry", id: entryId, title: title || entry.description?.trim() || "", url, feedId: entry.feedId }),
    },
    openInBrowser: {
      label: t("entry_actions.open_in_browser"),
      icon: ExternalLink,
      shortcut: "entry.openInBrowser",
      hidden: !url,
      run: () => {
        if (url) openInBrowser(url);
      },
    },
    copyLink: {
      label: t("entry_actions.copy_link"),
      icon: linkCopy.copied ? Check : Link,
      shortcut: "entry.copyLink",
      hidden: !url,
      run: copyLink,
    },
    copyTitle: {
      label: t("entry_actions.copy_title"),
      icon: titleCopy.copied ? Check : Type,
      shortcut: "entry.copyTitle",
      hidden: !title,
      run: quietly(async () => {
        await titleCopy.copy(title);
        toast.success(t("entry_actions.title_copied"));
      }),
    },
    readAbove: {
      label: t("entry_actions.read_above"),
      icon: ArrowUpToLine,
      shortcut: "timeline.readAbove",
      hidden: !ctx.onReadAbove,
      run: () => ctx.onReadAbove?.(),
    },
    readBelow: {
      label: t("entry_actions.read_below"),
      icon: ArrowDownToLine,
      shortcut: "timeline.readBelow",
      hidden: !ctx.onReadBelow,
      run: () => ctx.onReadBelow?.(),
    },
    imageGallery: {
      label: t("entry_actions.image_gallery"),
      icon: Images,
      hidden: gallery.length === 0,
      run: () => openImageGallery(gallery, 0),
    },
    exportPdf: {
      label: t("entry_actions.export_pdf"),
      icon: FileDown,
      run: () => exportEntryPdf(entryId, () => entryPath && void navigate(entryPath)),
    },
    tip: {
      label: t("entry_actions.tip"),
      icon: HandCoins,
      shortcut: "entry.tip",
      // Tips go to a feed: an inbox entry has none to thank.
      hidden: !power || !entry.feedId,
      run: () => {
        if (entry.feedId) openTipDialog({ entryId, feedId: entry.feedId, ...(title ? { title } : {}) });
      },
    },
    delete: {
      label: t("entry_actions.delete"),
      icon: Trash2,
      hidden: !entry.inboxHandle,
      run: quietly(async () => {
        const sure = await confirm({ title: t("entry_actions.delete_title"), message: t("entry_actions.delete_message"), variant: "danger", confirmText: t("entry_actions.delete") });
        if (!sure) return;
        // Leave the reader first when it shows the entry: it is about to disappear.
        if (openEntryId === entryId) void navigate(location.pathname.replace(/\/[^/]+\/?$/, "") + location.search);
        await deleteInboxEntry(entryId);
        toast.success(t("entry_actions.deleted"));
      }),
    },
    ...integrations,
    customize: {
      label: t("entry_actions.customize"),
      icon: Settings2,
      run: () => openCustomizeToolbar(),
    },
  };

  const action = (id: EntryActionId): EntryAction => ({ id, ...table[id] });
  const split = splitToolbar(order);
  return {
    main: split.main.map(action),
    more: split.more.map(action),
    all: ENTRY_ACTION_IDS.map(action),
  };
}
