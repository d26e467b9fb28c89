import { describe, expect, it } from "vitest";
import { platformFeeds } from "./platforms.ts";

describe("platformFeeds", () => {
  it.each([
    ["https://www.youtube.com/channel/UCabc123", ["https://www.youtube.com/feeds/videos.xml?channel_id=UCabc123"]],
    ["https://youtube.com/user/someone", ["https://www.youtube.com/feeds/videos.xml?user=someone"]],
    ["https://www.youtube.com/playlist?list=PL123", ["https://www.youtube.com/feeds/videos.xml?playlist_id=PL123"]],
    ["https://m.youtube.com/watch?v=x&list=PL9", ["https://www.youtube.com/feeds/videos.xml?playlist_id=PL9"]],
    ["https://github.com/nodejs/node", ["https://github.com/nodejs/node/releases.atom", "https://github.com/nodejs/node/commits.atom", "https://github.com/nodejs/node/tags.atom"]],
    ["https://github.com/nodejs/node.git", ["https://github.com/nodejs/node/releases.atom", "https://github.com/nodejs/node/commits.atom", "https://github.com/nodejs/node/tags.atom"]],
    ["https://github.com/torvalds", ["https://github.com/torvalds.atom"]],
    ["https://www.reddit.com/r/rss/", ["https://www.reddit.com/r/rss/.rss"]],
    ["https://old.reddit.com/u/spez", ["https://www.reddit.com/user/spez/.rss"]],
    ["https://mastodon.social/@Gargron", ["https://mastodon.social/@Gargron.rss"]],
    ["https://example.com/blog/", []],
    ["https://www.youtube.com/", []],
  ])("%s", (url, feeds) => {
    expect(platformFeeds(new URL(url))).toEqual(feeds);
  });
});
