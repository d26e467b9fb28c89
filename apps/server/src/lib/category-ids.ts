import { crc32 } from "node:zlib";

/** Category ids of reader apps (Fever's groups, Miniflux's categories) are positive 32-bit integers; Fever's 0 and -1 name its "Kindling" and "Sparks" super groups. */
const MASK = 0x7fffffff;

const naturalId = (category: string) => crc32(Buffer.from(category, "utf8")) & MASK;

/**
 * Reader apps' ids for category names (Fever's groups, Miniflux's categories) (categories are plain strings here): the CRC-32 of the
 * name's UTF-8 in 31 bits, the same on every call and every server. A name whose CRC is 0 or
 * shared with another name takes the next free id after it, the names in code-unit order: a
 * name keeps its id as long as no new name collides with it (one chance in 2^31 per pair).
 */
export function groupIds(categories: Iterable<string>): Map<string, number> {
  const names = [...new Set(categories)].sort();
  const claims = new Map<number, number>();
  for (const name of names) {
    const id = naturalId(name);
    claims.set(id, (claims.get(id) ?? 0) + 1);
  }
  const ids = new Map<string, number>();
  const taken = new Set<number>();
  const colliding: string[] = [];
  for (const name of names) {
    const id = naturalId(name);
    if (id !== 0 && claims.get(id) === 1) {
      ids.set(name, id);
      taken.add(id);
    } else colliding.push(name);
  }
  for (const name of colliding) {
    let id = naturalId(name);
    while (id === 0 || taken.has(id)) id = (id + 1) & MASK;
    ids.set(name, id);
    taken.add(id);
  }
  return ids;
}
