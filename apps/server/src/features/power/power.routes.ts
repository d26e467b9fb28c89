import { boostInput, mintInput, POWER_TRANSACTION_TYPES, tipInput } from "@tidings/contracts";
import { isValidId } from "@tidings/contracts";
import { Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import { ErrorCode } from "@tidings/contracts";
import { AppError } from "../../errors.ts";
import type { AppEnv } from "../../http/context.ts";
import { ok } from "../../http/respond.ts";
import { currentUser } from "../../http/session.ts";
import { validate } from "../../http/validate.ts";
import type { Power } from "./power.ts";

const id = (what: string) => z.string().refine(isValidId, `must be ${what} id`);
const userId = z.string().min(1).max(100);
const transactionsQuery = z.object({
  type: z.enum(POWER_TRANSACTION_TYPES).optional(),
  hash: z.string().regex(/^0x[0-9a-f]{64}$/, "must be a transaction hash").optional(),
  fromUserId: userId.optional(),
  toUserId: userId.optional(),
  toFeedId: id("a feed").optional(),
  fromOrToUserId: userId.optional(),
  createdAfter: z.iso.datetime({ offset: true }).optional(),
  cursor: id("a transaction").optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
const achievementType = z.enum(["all", "incomplete", "checking", "audit", "completed", "received"]).optional();
const actionId = z.object({ actionId: z.number().int().min(0).max(1000) });
/** A retried request carries the same key, in the body or as the Idempotency-Key header. */
const keyHeader = (header: string | undefined) => header?.trim().slice(0, 200) || undefined;

/** `/api/wallets…`, `/api/boosts…`, `/api/achievement…` and `/api/admin/power…`. */
export function powerRoutes(deps: { power: Power; requireUser: MiddlewareHandler<AppEnv> }) {
  const { wallets, boosts, daily, achievements } = deps.power;
  const airdrop = () => {
    throw new AppError(ErrorCode.AirdropNotEligible, { reason: "Airdrops belonged to Follow's public beta on its chain; a self-hosted instance has none" });
  };
  return new Hono<AppEnv>()
    .use("/wallets", deps.requireUser)
    .use("/wallets/*", deps.requireUser)
    .use("/boosts", deps.requireUser)
    .use("/boosts/*", deps.requireUser)
    .use("/achievement", deps.requireUser)
    .use("/achievement/*", deps.requireUser)
    .use("/admin/power/*", deps.requireUser)
    .get("/wallets", async (c) => ok(c, await wallets.wallets(currentUser(c))))
    .post("/wallets", async (c) => ok(c, (await wallets.wallets(currentUser(c)))[0]!.address))
    .post("/wallets/refresh", async (c) => ok(c, await wallets.wallets(currentUser(c))))
    .get("/wallets/ranking", async (c) => ok(c, await wallets.ranking()))
    .get("/wallets/transactions", validate("query", transactionsQuery), async (c) => {
      const { createdAfter, ...query } = c.req.valid("query");
      const page = await wallets.transactions(currentUser(c), { ...query, ...(createdAfter ? { createdAfter: new Date(createdAfter) } : {}) });
      return c.json({ code: 0 as const, data: page.items, nextCursor: page.nextCursor });
    })
    .post("/wallets/transactions/tip", validate("json", tipInput), async (c) =>
      ok(c, await wallets.tip(currentUser(c), c.req.valid("json"), keyHeader(c.req.header("idempotency-key")))),
    )
    .get("/wallets/transactions/claim-check", async (c) => ok(c, await daily.claimCheck(currentUser(c).id)))
    .post("/wallets/transactions/claim_daily", async (c) => ok(c, await daily.claim(currentUser(c).id)))
    .post("/wallets/transactions/claim-feed", validate("json", z.object({ feedId: id("a feed") })), async (c) =>
      ok(c, await wallets.claimFeedTips(currentUser(c), c.req.valid("json").feedId)),
    )
    .post("/wallets/transactions/withdraw", () => {
      throw new AppError(ErrorCode.UserWalletError, { reason: "POWER lives on this instance only: there is no chain to withdraw to" });
    })
    .get("/wallets/airdrop", airdrop)
    .post("/wallets/airdrop", airdrop)
    .put("/wallets/airdrop", airdrop)
    .get("/boosts", validate("query", z.object({ feedId: id("a feed") })), async (c) => ok(c, await boosts.status(currentUser(c), c.req.valid("query").feedId)))
    .get("/boosts/boosters", validate("query", z.object({ feedId: id("a feed") })), async (c) => ok(c, await boosts.boosters(c.req.valid("query").feedId)))
    .post("/boosts", validate("json", boostInput), async (c) => ok(c, await boosts.boost(currentUser(c), c.req.valid("json"), keyHeader(c.req.header("idempotency-key")))))
    .get("/achievement", validate("query", z.object({ type: achievementType })), async (c) => {
      const list = await achievements.list(currentUser(c).id, c.req.valid("query").type ?? "all");
      return c.json({ code: 0 as const, data: list.data, done: list.done, total: list.total });
    })
    .put("/achievement", validate("json", actionId), async (c) => ok(c, await achievements.claim(currentUser(c).id, c.req.valid("json").actionId)))
    .post("/achievement/check", validate("json", actionId), async (c) => ok(c, await achievements.check(currentUser(c).id, c.req.valid("json").actionId)))
    .post("/achievement/audit", validate("json", actionId.extend({ payload: z.unknown() })), async (c) => {
      const body = c.req.valid("json");
      return ok(c, await achievements.audit(currentUser(c).id, body.actionId, body.payload));
    })
    .post("/admin/power/mint", validate("json", mintInput), async (c) => ok(c, await wallets.mint(currentUser(c), c.req.valid("json"))))
    .get("/admin/power/check", async (c) => ok(c, await wallets.verify(currentUser(c))))
    .get("/admin/power/audits", async (c) => {
      requireAdmin(currentUser(c).isAdmin);
      return ok(c, await achievements.pendingAudits());
    })
    .post("/admin/power/audits", validate("json", actionId.extend({ userId, approve: z.boolean() })), async (c) => {
      requireAdmin(currentUser(c).isAdmin);
      const body = c.req.valid("json");
      return ok(c, await achievements.review(body.userId, body.actionId, body.approve));
    })
    .post("/admin/power/daily", async (c) => {
      requireAdmin(currentUser(c).isAdmin);
      // Today's rewards again, now (they are computed once a day on their own): 4005 while a run is in progress.
      const computed = await daily.compute(undefined, { redo: true });
      if (!computed) throw new AppError(ErrorCode.DailyPowerInProgress, { reason: "Today's rewards are being computed right now" });
      return ok(c, computed);
    });
}

function requireAdmin(isAdmin: boolean): void {
  if (!isAdmin) throw new AppError(ErrorCode.NoPermission, { reason: "Only admins can do this" });
}
