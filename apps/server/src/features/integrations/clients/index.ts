import type { ServerIntegration } from "@tidings/contracts";
import { cubox } from "./cubox.ts";
import { instapaper } from "./instapaper.ts";
import { omnivore } from "./omnivore.ts";
import { outline } from "./outline.ts";
import { readeck } from "./readeck.ts";
import { readwise } from "./readwise.ts";
import type { IntegrationClient } from "./types.ts";
import { wallabag } from "./wallabag.ts";
import { zotero } from "./zotero.ts";

/** One client per service the server saves to. */
export const CLIENTS: { [S in ServerIntegration]: IntegrationClient<S> } = { readwise, instapaper, omnivore, outline, readeck, cubox, zotero, wallabag };

/** Self-hostable services: the only ones a reader may point at a private (LAN) address. */
export const SELF_HOSTABLE: ReadonlySet<ServerIntegration> = new Set(["readeck", "outline", "wallabag", "omnivore"]);

export { DEFAULT_ENDPOINTS, type FixedEndpoints, type SaveContext } from "./types.ts";
