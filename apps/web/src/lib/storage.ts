import { PRODUCT } from "@tidings/contracts";

/** Local storage, every key under the product prefix (spec §7). Failures (private mode) are ignored. */
export const storage = {
  key: (name: string) => `${PRODUCT.storagePrefix}${name}`,

  get(name: string): string | null {
    try {
      return localStorage.getItem(this.key(name));
    } catch {
      return null;
    }
  },

  set(name: string, value: string): void {
    try {
      localStorage.setItem(this.key(name), value);
    } catch {
      // storage full or unavailable: the value lives for this page only
    }
  },

  remove(name: string): void {
    try {
      localStorage.removeItem(this.key(name));
    } catch {
      // nothing to remove
    }
  },

  /** Removes every key the product owns, and nothing else. */
  clearAll(): void {
    try {
      for (const key of Object.keys(localStorage)) {
        if (key.startsWith(PRODUCT.storagePrefix)) localStorage.removeItem(key);
      }
    } catch {
      // unavailable storage holds nothing
    }
  },
};
