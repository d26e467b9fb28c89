import type { DesktopCallName, DesktopCalls } from "@tidings/contracts";
import { z } from "zod";

const appearance = z.enum(["light", "dark", "system"]);
const none = z.undefined().or(z.null()).transform(() => undefined);

/** Each call's input as the shell accepts it: a page is not trusted to send what its types say. */
export const CALL_INPUTS: { [K in DesktopCallName]: z.ZodType<DesktopCalls[K]["input"], unknown> } = {
  "setting.getAppearance": none,
  "setting.setAppearance": appearance,
  "auth.sessionChanged": z.object({ userId: z.string().max(64).nullable() }),
  "auth.signOut": none,
  "auth.startSocialSignIn": z.object({ provider: z.string().regex(/^[\w-]{1,64}$/) }),
  "app.setUnreadCount": z.object({ count: z.number().int().min(0).max(1e9) }),
  "app.setPreferences": z.object({ appLaunchOnStartup: z.boolean(), showDockBadge: z.boolean(), openLinksInExternalApp: z.boolean() }),
  "app.notify": z.object({ title: z.string().max(200), body: z.string().max(1_000), path: z.string().regex(/^\/(?!\/)/).max(2_000).optional() }),
  "app.openExternal": z.object({ url: z.string().max(8_000) }),
  "app.connect": z.union([z.object({ url: z.string().max(2_000) }), z.object({ local: z.literal(true) })]),
  "app.changeServer": none,
  "window.getMode": none,
  "window.setMode": z.enum(["minimized", "maximized", "normal"]),
  "obsidian.writeNote": z.object({ vaultPath: z.string().min(1).max(4_000), fileName: z.string().min(1).max(400), text: z.string().max(20_000_000) }),
  "eagle.addFromURLs": z.object({
    items: z.array(z.object({ url: z.string().max(8_000), website: z.string().max(8_000).optional(), name: z.string().max(500).optional(), headers: z.object({ referer: z.string().max(8_000) }).optional() })),
  }),
};
