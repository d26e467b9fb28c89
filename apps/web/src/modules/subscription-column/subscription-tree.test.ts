import { describe, expect, it } from "vitest";
import { subscriptionTitle } from "../../store/subscriptions.store.ts";
import { activeRowId, allFolders, buildSubscriptionTree, type FeedNode, type FolderNode, navigableRows, unreadByView } from "./subscription-tree.ts";
import { feedSubscription, inboxSubscription, listSubscription } from "./test-fixtures.ts";

const names = (nodes: (FolderNode | FeedNode)[]) => nodes.map((node) => (node.kind === "folder" ? `folder:${node.name}` : subscriptionTitle(node.subscription)));

describe("buildSubscriptionTree", () => {
  const tech = feedSubscription({ title: "Zeta tech", category: "Tech" });
  const tech2 = feedSubscription({ title: "alpha tech", category: "Tech" });
  const news = feedSubscription({ title: "Morning news", category: "News" });
  const loose = feedSubscription({ title: "Blog 10" });
  const loose2 = feedSubscription({ title: "Blog 9" });
  const other = feedSubscription({ title: "In another view", view: 1 });
  const all = [tech, tech2, news, loose, loose2, other];

  it("groups a view's feeds in category folders and sorts folders and loose feeds together by name", () => {
    const tree = buildSubscriptionTree(all, 0, {}, { autoGroup: false, hideRead: false });
    // Case-insensitive, numeric: "Blog 9" before "Blog 10"; folders mixed in by their name.
    expect(names(tree.nodes)).toEqual(["Blog 9", "Blog 10", "folder:News", "folder:Tech"]);
    const techFolder = tree.nodes[3] as FolderNode;
    expect(techFolder.feeds.map((node) => node.subscription.title)).toEqual(["alpha tech", "Zeta tech"]);
    expect(techFolder.category).toBe("Tech");
  });

  it("sums unread counts per folder and for the view's all timeline", () => {
    const counts = { [tech.feedId]: 3, [tech2.feedId]: 4, [loose.feedId]: 1, [other.feedId]: 50 };
    const tree = buildSubscriptionTree(all, 0, counts, { autoGroup: false, hideRead: false });
    expect((tree.nodes.find((node) => node.id === "Tech") as FolderNode).unread).toBe(7);
    expect(tree.allUnread).toBe(8);
    expect(unreadByView(all, counts)).toEqual({ 0: 8, 1: 50, 2: 0, 3: 0, 4: 0, 5: 0 });
  });

  it("hides read sources, except the one being read; a folder with nothing left to show goes too", () => {
    const counts = { [tech.feedId]: 2 };
    const tree = buildSubscriptionTree(all, 0, counts, { autoGroup: false, hideRead: true, activeId: loose.feedId });
    expect(names(tree.nodes)).toEqual(["Blog 10", "folder:Tech"]);
    const techFolder = tree.nodes[1] as FolderNode;
    expect(techFolder.feeds.map((node) => node.id)).toEqual([tech.feedId]);
    // The folder still counts (and marks) all of its feeds.
    expect(techFolder.feedIds).toHaveLength(2);
  });

  it("with autoGroup, groups feeds without a category by site when two or more share one", () => {
    const a = feedSubscription({ title: "A", site: "https://www.blog.example" });
    const b = feedSubscription({ title: "B", site: "https://blog.example/posts" });
    const c = feedSubscription({ title: "C", site: "https://solo.example" });
    const categorised = feedSubscription({ title: "D", site: "https://blog.example", category: "Kept" });
    const subscriptions = [a, b, c, categorised];
    const grouped = buildSubscriptionTree(subscriptions, 0, {}, { autoGroup: true, hideRead: false });
    expect(names(grouped.nodes)).toEqual(["folder:blog.example", "C", "folder:Kept"]);
    const auto = grouped.nodes[0] as FolderNode;
    expect(auto.category).toBeNull();
    expect(auto.id).toBe("auto:blog.example");
    expect(names(buildSubscriptionTree(subscriptions, 0, {}, { autoGroup: false, hideRead: false }).nodes)).toEqual(["A", "B", "C", "folder:Kept"]);
  });

  it("lists and inboxes of the view come in their own sections, sorted", () => {
    const tree = buildSubscriptionTree(
      [listSubscription({ title: "Zines" }), listSubscription({ title: "Art" }), listSubscription({ title: "Other view", view: 2 }), inboxSubscription({ handle: "mail" })],
      0,
      {},
      { autoGroup: true, hideRead: false },
    );
    expect(tree.lists.map((node) => node.subscription.lists.title)).toEqual(["Art", "Zines"]);
    expect(tree.inboxes.map((node) => node.id)).toEqual(["inbox-mail"]);
    expect(tree.nodes).toEqual([]);
  });
});

describe("activeRowId and navigableRows", () => {
  const a = feedSubscription({ site: "https://x.example" });
  const b = feedSubscription({ site: "https://x.example" });
  const c = feedSubscription({ category: "Tech" });
  const folders = allFolders([a, b, c], 0, true);

  it("maps a route target to its row, an automatic folder by its exact feeds", () => {
    expect(activeRowId({ kind: "all" }, folders)).toBe("all");
    expect(activeRowId({ kind: "starred" }, folders)).toBe("collections");
    expect(activeRowId({ kind: "folder", category: "Tech" }, folders)).toBe("Tech");
    expect(activeRowId({ kind: "feeds", feedIds: [c.feedId] }, folders)).toBe(c.feedId);
    expect(activeRowId({ kind: "feeds", feedIds: [b.feedId, a.feedId] }, folders)).toBe("auto:x.example");
    expect(activeRowId({ kind: "list", listId: "9" }, folders)).toBe("list-9");
    expect(activeRowId({ kind: "inbox", handle: "box" }, folders)).toBe("inbox-box");
    expect(activeRowId(null, folders)).toBeNull();
  });

  it("walks folders, and their feeds only when open", () => {
    const tree = buildSubscriptionTree([a, b, c], 0, {}, { autoGroup: true, hideRead: false });
    expect(navigableRows(tree, () => false).map((row) => row.id)).toEqual(["Tech", "auto:x.example"]);
    expect(navigableRows(tree, (folder) => folder.id === "Tech").map((row) => row.id)).toEqual(["Tech", c.feedId, "auto:x.example"]);
  });
});
