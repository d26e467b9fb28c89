/**
 * Image CDNs that refuse requests without a Referer of their own site (hot-link protection), by
 * host suffix. Reference facts §Images: weibo, pixiv, sspai, instagram, piokok; bilibili and the
 * other large Chinese hosts behave alike.
 */
const CDN_REFERERS: readonly (readonly [suffix: string, referer: string])[] = [
  ["sinaimg.cn", "https://weibo.com/"],
  ["pximg.net", "https://www.pixiv.net/"],
  ["hdslb.com", "https://www.bilibili.com/"],
  ["biliimg.com", "https://www.bilibili.com/"],
  ["sspai.com", "https://sspai.com/"],
  ["cdninstagram.com", "https://www.instagram.com/"],
  ["piokok.com", "https://www.piokok.com/"],
  ["doubanio.com", "https://www.douban.com/"],
  ["zhimg.com", "https://www.zhihu.com/"],
  ["xhscdn.com", "https://www.xiaohongshu.com/"],
  ["qpic.cn", "https://mp.weixin.qq.com/"],
];

/**
 * The Referer the proxy sends for an image: the site a protected CDN expects, else the image's
 * own origin (which hot-link checks accept). Never the reader's page: where they read stays theirs.
 */
export function refererFor(url: URL): string {
  const host = url.hostname.toLowerCase();
  for (const [suffix, referer] of CDN_REFERERS) if (host === suffix || host.endsWith(`.${suffix}`)) return referer;
  return `${url.origin}/`;
}
