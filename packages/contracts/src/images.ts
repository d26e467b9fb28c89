/** Image settings `GET /api/status/configs` answers besides `StatusConfigs`. */
export interface ImageStatusConfigs {
  /** Whether `GET /api/image?url=&w=` proxies (and resizes) images on this instance. */
  IMAGE_PROXY: boolean;
  /** URL templates of the avatar services asked for a feed's icon, `{host}` replaced; empty: none. */
  AVATAR_SERVICES: string[];
}

/**
 * `GET /api/image/meta?url=`: an image's size and dominant colours (spec §3 `images`), for a
 * placeholder of the right shape and tone while the image loads.
 */
export interface ImageMeta {
  url: string;
  /** Pixels of the original (one frame of an animation). */
  width: number;
  height: number;
  /** `#rrggbb`, most common first; empty when the image has no colours to speak of. */
  colors: string[];
  /** When the server first measured it (ISO 8601). */
  createdAt: string;
}
