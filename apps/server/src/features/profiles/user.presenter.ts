import type { PublicUser } from "@tidings/contracts";
import type { users } from "../../db/schema/index.ts";

export type UserRow = typeof users.$inferSelect;

/** What anyone may see of a user: never the e-mail address. */
export function presentPublicUser(user: Pick<UserRow, "id" | "name" | "image" | "handle" | "bio" | "website" | "socialLinks" | "createdAt">): PublicUser {
  return {
    id: user.id,
    name: user.name,
    image: user.image,
    handle: user.handle,
    bio: user.bio,
    website: user.website,
    socialLinks: user.socialLinks ?? null,
    createdAt: user.createdAt.toISOString(),
  };
}
