import * as ContextMenu from "@radix-ui/react-context-menu";
import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import clsx from "clsx";
import { Fragment } from "react";
import { integrationActionRecord } from "../integrations/index.ts";
import { ActionIcon } from "./action-icon.tsx";
import { ShortcutKeys } from "./shortcut-keys.tsx";
import type { EntryAction, EntryActionId } from "./types.ts";

/** Menus group actions by what they touch; a separator goes between groups. */
const GROUP: Record<EntryActionId, number> = {
  read: 0,
  star: 0,
  readAbove: 0,
  readBelow: 0,
  aiSummary: 1,
  aiTranslation: 1,
  textToSpeech: 1,
  readability: 1,
  sourceContent: 1,
  imageGallery: 1,
  openInBrowser: 2,
  copyLink: 2,
  copyTitle: 2,
  share: 2,
  exportPdf: 2,
  tip: 2,
  ...integrationActionRecord(2.5),
  delete: 3,
  customize: 4,
};

/** Actions in menu order: grouped, table order within a group (the context menu; "more" keeps the person's order). */
export const byGroup = (actions: EntryAction[]): EntryAction[] => [...actions].sort((a, b) => GROUP[a.id] - GROUP[b.id]);

const ITEM =
  "flex cursor-default items-center gap-2.5 rounded-md px-2 py-1.5 outline-none select-none data-[highlighted]:bg-zinc-100 dark:data-[highlighted]:bg-zinc-800";
const SEPARATOR = "my-1 h-px bg-zinc-200 dark:bg-zinc-700";

/** The items of a dropdown or context menu for some actions, with icons, keys and separators. */
export function MenuItems({ actions, kind }: { actions: EntryAction[]; kind: "dropdown" | "context" }) {
  const Item = kind === "dropdown" ? DropdownMenu.Item : ContextMenu.Item;
  const Separator = kind === "dropdown" ? DropdownMenu.Separator : ContextMenu.Separator;
  // The "more" menu is in the person's order, so its only break is before "Customize toolbar".
  const groupOf = (id: EntryActionId) => (kind === "dropdown" ? Number(id === "customize") : GROUP[id]);
  return actions.map((action, index) => {
    const previous = actions[index - 1];
    return (
      <Fragment key={action.id}>
        {previous && groupOf(previous.id) !== groupOf(action.id) ? <Separator className={SEPARATOR} /> : null}
        <Item className={clsx(ITEM, action.id === "delete" && "text-red-600 dark:text-red-400")} data-action={action.id} onSelect={() => void action.run()}>
          <ActionIcon action={action} className="size-4 shrink-0 opacity-80" />
          <span className="flex-1 truncate">{action.label}</span>
          <ShortcutKeys id={action.shortcut} className="ml-4" />
        </Item>
      </Fragment>
    );
  });
}
