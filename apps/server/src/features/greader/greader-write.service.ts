import type { Executor } from "../../db/client.ts";
import type { RequestUser } from "../../http/context.ts";
import type { Clock } from "../../lib/clock.ts";
import type { MarkAllScope, TimelineRepo } from "../../timeline/timeline.repo.ts";
import type { SubscriptionsService } from "../subscriptions/index.ts";
import { BadRequest, categoryOf, folderOf, parseItemId, parseStream, type StreamRef } from "./greader.ids.ts";
import { findSubscription, type GreaderReader, MAX_IDS } from "./greader-read.service.ts";
import type { GreaderRepo } from "./greader.repo.ts";

/** What an `a` or `r` tag of `edit-tag` does. */
type Tag = { kind: "read" | "starred" | "unread" } | { kind: "label"; name: string } | { kind: "ignored" };

function parseTag(raw: string, userId: string): Tag {
  // Google's other states (fresh, like, broadcast, tracking-…) mean nothing here and change nothing.
  if (/^user\/[^/]+\/state\/com\.google\/(?!read$|starred$|kept-unread$|reading-list$)[\w-]+$/.test(raw.trim())) return { kind: "ignored" };
  const ref = parseStream(raw, userId);
  if (ref.kind === "read" || ref.kind === "starred" || ref.kind === "unread") return { kind: ref.kind };
  if (ref.kind === "label") return { kind: "label", name: ref.name };
  throw new BadRequest(`Unsupported tag: ${raw.slice(0, 80)}`);
}

export interface GreaderWriterDeps {
  repo: GreaderRepo;
  reader: GreaderReader;
  clock: Clock;
  transaction: <T>(work: (tx: Executor) => Promise<T>) => Promise<T>;
  retry: <T>(work: () => Promise<T>) => Promise<T>;
  timeline: Pick<TimelineRepo, "markRead" | "markUnread" | "markAll">;
  subscriptions: Pick<SubscriptionsService, "subscribe" | "update" | "unsubscribe" | "setCategory">;
  idFloorAt: (ms: number) => string;
}

/** Writing through the Google Reader API: read, star and label items, follow and file feeds. */
export function createGreaderWriter(deps: GreaderWriterDeps) {
  const { repo, timeline, clock } = deps;

  async function streamEntries(user: RequestUser, ref: StreamRef, belowId: string | undefined): Promise<string[]> {
    const source = await deps.reader.sourceOf(user, ref);
    return repo.itemIds(user.id, source, { limit: MAX_IDS * 10, oldestFirst: false, excludeRead: true, ...(belowId ? { belowId } : {}) });
  }

  return {
    /** `edit-tag`: every id must be one the reader may see; all changes land together or none. */
    async editTag(user: RequestUser, rawIds: string[], add: string[], remove: string[]): Promise<void> {
      const ids = [...new Set(rawIds.map(parseItemId))];
      if (ids.length === 0) throw new BadRequest("No item ids");
      if (ids.length > MAX_IDS) throw new BadRequest(`At most ${MAX_IDS} items`);
      const adds = add.map((tag) => parseTag(tag, user.id));
      const removes = remove.map((tag) => parseTag(tag, user.id));
      if (adds.length + removes.length === 0) throw new BadRequest("No tag to add or remove");
      if ((await repo.visibleCount(user.id, ids)) !== ids.length) throw new BadRequest("Unknown item");
      const now = clock.now();
      await deps.retry(() =>
        deps.transaction(async (tx) => {
          for (const tag of removes) {
            if (tag.kind === "read") await timeline.markUnread(user.id, ids, tx);
            else if (tag.kind === "unread") await timeline.markRead(user.id, ids, now, tx);
            else if (tag.kind === "starred") await repo.unstar(tx, user.id, ids);
            else if (tag.kind === "label") await repo.removeLabel(tx, user.id, tag.name, ids);
          }
          for (const tag of adds) {
            if (tag.kind === "read") await timeline.markRead(user.id, ids, now, tx);
            else if (tag.kind === "unread") await timeline.markUnread(user.id, ids, tx);
            else if (tag.kind === "starred") await repo.star(tx, user.id, ids, now);
            else if (tag.kind === "label") await repo.addLabel(tx, user.id, tag.name, ids, now);
          }
        }),
      );
    },

    /** `mark-all-as-read`: a stream's unread items fetched up to `ts` (µs; everything without it). */
    async markAllAsRead(user: RequestUser, stream: string, ts: string | undefined): Promise<void> {
      const ref = parseStream(stream, user.id);
      if (ts !== undefined && ts !== "" && !/^\d{1,20}$/.test(ts)) throw new BadRequest("Invalid ts");
      const belowId = ts ? deps.idFloorAt(Math.floor(Number(ts) / 1000) + 1) : undefined;
      const now = clock.now();
      const scope: MarkAllScope = belowId ? { belowEntryId: belowId } : {};
      if (ref.kind === "reading-list" || ref.kind === "unread") {
        await deps.retry(() => timeline.markAll(user.id, scope, now));
      } else if (ref.kind === "feed" || ref.kind === "list" || ref.kind === "inbox" || ref.kind === "feed-url") {
        const source = await deps.reader.sourceOf(user, ref);
        await deps.retry(() => timeline.markAll(user.id, { ...scope, sourceIds: source.sourceIds! }, now));
      } else if (ref.kind !== "read") {
        // A folder (its feeds and the entries labelled so) or the starred items.
        const ids = await streamEntries(user, ref, belowId);
        if (ids.length > 0) await deps.retry(() => timeline.markRead(user.id, ids, now));
      }
    },

    /** `subscription/edit`: subscribe, unsubscribe, or rename and file (`t`, `a`, `r`) each stream of `s`. */
    async editSubscriptions(user: RequestUser, input: { action: string; streams: string[]; title?: string | undefined; add?: string | undefined; remove?: string | undefined }): Promise<void> {
      if (input.streams.length === 0) throw new BadRequest("Missing s");
      const refs = input.streams.map((stream) => parseStream(stream, user.id));
      const addTo = input.add ? parseStream(input.add, user.id) : null;
      const removeFrom = input.remove ? parseStream(input.remove, user.id) : null;
      if ((addTo && addTo.kind !== "label") || (removeFrom && removeFrom.kind !== "label")) throw new BadRequest("Invalid label");
      const category = addTo?.kind === "label" ? categoryOf(addTo.name) : undefined;
      const subs = await repo.subscriptions(user.id);
      if (input.action === "subscribe") {
        for (const ref of refs) {
          const known = findSubscription(subs, ref);
          if (known) {
            await deps.subscriptions.update(user, known.targetId, { ...(input.title ? { title: input.title } : {}), ...(category !== undefined ? { category } : {}) });
            continue;
          }
          const url = ref.kind === "feed-url" ? ref.url : ref.kind === "feed" ? await repo.feedUrl(ref.feedId) : null;
          if (!url) throw new BadRequest("Unknown stream");
          await deps.subscriptions.subscribe(user, { url, view: 0, category: category ?? null, title: input.title ?? null });
        }
        return;
      }
      const targets = refs.map((ref) => {
        const found = findSubscription(subs, ref);
        if (!found) throw new BadRequest("Unknown stream");
        return found;
      });
      if (input.action === "unsubscribe") {
        await deps.subscriptions.unsubscribe(user, targets.map((target) => target.targetId));
        return;
      }
      if (input.action !== "edit") throw new BadRequest("Invalid ac");
      for (const target of targets) {
        const patch: { title?: string | null; category?: string | null } = {};
        if (input.title !== undefined) patch.title = input.title;
        if (category !== undefined) patch.category = category;
        else if (removeFrom?.kind === "label" && folderOf(target.category) === removeFrom.name) patch.category = null;
        if (Object.keys(patch).length > 0) await deps.subscriptions.update(user, target.targetId, patch);
      }
    },

    /** `subscription/quickadd`: follows a feed by its address (or a page that names one). */
    async quickAdd(user: RequestUser, input: string) {
      const text = input.trim().replace(/^feed\//, "");
      if (!/^(https?|rsshub):\/\/\S+$/i.test(text)) throw new BadRequest("Invalid URL");
      const followed = await deps.subscriptions.subscribe(user, { url: text, view: 0 });
      const subs = await repo.subscriptions(user.id);
      const found = subs.find((s) => s.targetId === followed.feedId);
      return { numResults: 1, query: text, streamId: `feed/${followed.feedId}`, streamName: found?.title ?? text };
    },

    /** `rename-tag`: a folder (and the item label) takes a new name. */
    async renameTag(user: RequestUser, stream: string, destination: string): Promise<void> {
      const from = parseStream(stream, user.id);
      const to = parseStream(destination, user.id);
      if (from.kind !== "label" || to.kind !== "label") throw new BadRequest("Invalid label");
      const subs = await repo.subscriptions(user.id);
      const ids = subs.filter((s) => folderOf(s.category) === from.name).map((s) => s.targetId);
      if (ids.length > 0) await deps.subscriptions.setCategory(user, ids, categoryOf(to.name));
      await deps.transaction((tx) => repo.renameLabel(tx, user.id, from.name, to.name));
    },

    /** `disable-tag`: the folder goes (its feeds stay, unfiled) and so does the item label. */
    async disableTag(user: RequestUser, stream: string): Promise<void> {
      const ref = parseStream(stream, user.id);
      if (ref.kind !== "label") throw new BadRequest("Invalid label");
      const subs = await repo.subscriptions(user.id);
      const ids = subs.filter((s) => s.category !== null && s.category === ref.name).map((s) => s.targetId);
      if (ids.length > 0) await deps.subscriptions.setCategory(user, ids, null);
      await deps.transaction((tx) => repo.removeLabel(tx, user.id, ref.name, null));
    },
  };
}

export type GreaderWriter = ReturnType<typeof createGreaderWriter>;
