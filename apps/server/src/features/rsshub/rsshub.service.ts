import { ErrorCode, type PublicUser, type RsshubInstance, type RsshubInstanceInput, type RsshubStatus, type RsshubUseInput } from "@tidings/contracts";
import { AppError } from "../../errors.ts";
import type { RequestUser } from "../../http/context.ts";
import type { Clock } from "../../lib/clock.ts";
import { type FetchError, type HttpClient, isRefusal } from "../../lib/http/index.ts";
import type { SealedBox } from "../../lib/sealed-box.ts";
import type { IdGenerator } from "@tidings/contracts";
import type { Executor } from "../../db/client.ts";
import type { ListedInstance, RsshubInstanceRow, RsshubRepo } from "./rsshub.repo.ts";
import type { RsshubCatalogue } from "./rsshub-routes.ts";
import { InstanceProblem, type PublishedConfig } from "./rsshub-instance-api.ts";

/** The default instance's health, as the checker last saw it. */
export interface DefaultHealth {
  baseUrl: string;
  status: RsshubInstance["status"];
  errorMessage: string | null;
  checkedAt: Date | null;
}

export interface RsshubServiceDeps {
  repo: RsshubRepo;
  box: SealedBox;
  clock: Clock;
  ids: IdGenerator;
  /** The client for an instance, by its owner's standing (the private-network policy). */
  clientForOwner: (ownerIsAdmin: boolean) => HttpClient;
  /** The policy's one answer (16000) to an address it refused for this owner. */
  refused: (error: FetchError, owner: { isAdmin: boolean }) => AppError;
  checkMinutes: number;
  /** Reads an instance's routes: the health check. Throws an InstanceProblem. */
  probe: (http: HttpClient, target: { baseUrl: string; accessKey: string | null }) => Promise<RsshubCatalogue>;
  /** What the instance's owner published about it (`/api/follow/config`), when it does. */
  readPublishedConfig: (http: HttpClient, target: { baseUrl: string; accessKey: string | null }) => Promise<PublishedConfig | null>;
  /** Keeps the routes a check read, so the catalogue need not fetch them again. */
  rememberCatalogue: (instanceId: string, catalogue: RsshubCatalogue) => void;
  defaultHealth: () => DefaultHealth;
  /**
   * Pays for a paid instance (POWER): a purchase of `months` × the price to its owner, with
   * `within` run in the same database transaction; absent when the server has no POWER. Also
   * finds a reader's last purchase of an instance.
   */
  payments?: {
    pay(input: { userId: string; ownerUserId: string; rsshubId: string; amount: number; months: number; totpCode: string | undefined }, within: (tx: Executor) => Promise<void>): Promise<{ hash: string }>;
    lastPurchase(userId: string, rsshubId: string): Promise<{ hash: string } | null>;
  };
  /** Where the reader's route catalogue comes from now. */
  catalogueSource: (userId: string, instanceId: string | null) => { source: "instance" | "default" | "bundled"; fetchedAt: Date | null };
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const MONTH_MS = 30 * 24 * 60 * 60 * 1000;

/** A check's message as readers other than the owner see it: the instance's address left out. */
function withoutAddress(message: string | null, baseUrl: string): string | null {
  if (!message) return message;
  const url = new URL(baseUrl);
  const names = [baseUrl, url.host, url.hostname].filter(Boolean).sort((a, b) => b.length - a.length);
  return names.reduce((text, name) => text.split(name).join("the instance"), message).replace(/\b(?:\d{1,3}\.){3}\d{1,3}(?::\d+)?\b/g, "the instance");
}
const normalizeBaseUrl = (value: string) => {
  const url = new URL(value.trim());
  return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
};
/** 0 or 1 keeps an instance to its owner. */
const isPrivate = (instance: Pick<RsshubInstanceRow, "userLimit">) => instance.userLimit !== null && instance.userLimit <= 1;

/**
 * RSSHub instances readers add, share and choose (reference facts §2.13): every instance is
 * health-checked before it is saved, an owner's access key is sealed and shown to them only, and
 * a reader's choice respects the instance's user limit.
 */
export function createRsshubService(deps: RsshubServiceDeps) {
  const { repo, clock } = deps;

  function present(listed: ListedInstance, viewer: RequestUser, usedId: string | null): RsshubInstance {
    const { instance } = listed;
    const isOwner = instance.ownerUserId === viewer.id;
    const owner: PublicUser | null = listed.owner ? { id: listed.owner.id, name: listed.owner.name, image: listed.owner.image, handle: listed.owner.handle } : null;
    return {
      id: instance.id,
      description: instance.description,
      ownerUserId: instance.ownerUserId,
      owner,
      price: instance.price,
      userLimit: instance.userLimit,
      userCount: listed.userCount,
      status: instance.status as RsshubInstance["status"],
      errorMessage: isOwner ? instance.errorMessage : withoutAddress(instance.errorMessage, instance.baseUrl),
      checkedAt: iso(instance.checkedAt),
      createdAt: instance.createdAt.toISOString(),
      isOwner,
      inUse: usedId === instance.id,
      ...(isOwner ? { baseUrl: instance.baseUrl, accessKey: instance.accessKeySealed ? deps.box.open(instance.accessKeySealed) : null } : {}),
    };
  }

  async function usedId(userId: string): Promise<string | null> {
    return (await repo.usageOf(userId, clock.now()))?.rsshubId ?? null;
  }

  async function presentOne(user: RequestUser, id: string): Promise<RsshubInstance> {
    const listed = await repo.listed(id, clock.now());
    if (!listed) throw new AppError(ErrorCode.RSSHubNotFound);
    return present(listed, user, await usedId(user.id));
  }

  /** An instance the caller may see: their own, a shared one, or the one they use; 13003 otherwise. */
  async function visible(user: RequestUser, id: string): Promise<RsshubInstanceRow> {
    const instance = await repo.findById(id);
    if (!instance) throw new AppError(ErrorCode.RSSHubNotFound);
    if (instance.ownerUserId !== user.id && isPrivate(instance) && (await usedId(user.id)) !== id) throw new AppError(ErrorCode.RSSHubNotFound);
    return instance;
  }

  async function owned(user: RequestUser, id: string): Promise<RsshubInstanceRow> {
    const instance = await repo.findById(id);
    if (!instance) throw new AppError(ErrorCode.RSSHubNotFound);
    if (instance.ownerUserId !== user.id) throw new AppError(ErrorCode.RSSHubNotOwner);
    return instance;
  }

  /** Checks an instance now; 13006 when it is no RSSHub or refuses the key, 13007 when it cannot be reached. */
  async function probe(owner: { isAdmin: boolean }, target: { baseUrl: string; accessKey: string | null }): Promise<RsshubCatalogue> {
    try {
      return await deps.probe(clientFor(owner), target);
    } catch (error) {
      if (error instanceof InstanceProblem && isRefusal(error.cause)) throw deps.refused(error.cause, owner);
      if (error instanceof InstanceProblem) {
        throw new AppError(error.status === "invalid" ? ErrorCode.RSSHubConfigInvalid : ErrorCode.RSSHubUnavailable, { reason: error.message });
      }
      throw error;
    }
  }

  const clientFor = (owner: { isAdmin: boolean }) => deps.clientForOwner(owner.isAdmin);
  const nextCheck = (now: Date) => new Date(now.getTime() + deps.checkMinutes * 60_000);

  async function status(user: RequestUser): Promise<RsshubStatus> {
    const usage = await repo.usageOf(user.id, clock.now());
    const listed = usage ? await repo.listed(usage.rsshubId, clock.now()) : null;
    const health = deps.defaultHealth();
    // An instance whose check failed gives no routes: the default's are served meanwhile.
    const catalogue = deps.catalogueSource(user.id, listed?.instance.status === "ok" ? listed.instance.id : null);
    const bought = usage?.expiresAt && deps.payments ? await deps.payments.lastPurchase(user.id, usage.rsshubId) : null;
    return {
      purchase: bought && usage?.expiresAt ? { hash: bought.hash, expiresAt: usage.expiresAt.toISOString() } : null,
      usage: usage ? { id: usage.userId, userId: usage.userId, rsshubId: usage.rsshubId, expiresAt: iso(usage.expiresAt) } : null,
      instance: listed ? present(listed, user, usage!.rsshubId) : null,
      default: { baseUrl: health.baseUrl, status: health.status, errorMessage: health.errorMessage, checkedAt: iso(health.checkedAt) },
      catalogue: { source: catalogue.source, fetchedAt: iso(catalogue.fetchedAt) },
    };
  }

  return {
    status,

    /** GET /rsshub/list. */
    async list(user: RequestUser): Promise<RsshubInstance[]> {
      const [rows, used] = await Promise.all([repo.listVisible(user.id, clock.now()), usedId(user.id)]);
      const own = rows.filter((row) => row.instance.ownerUserId === user.id);
      const others = rows.filter((row) => row.instance.ownerUserId !== user.id);
      return [...own, ...others].map((row) => present(row, user, used));
    },

    /** GET /rsshub?id=. */
    async get(user: RequestUser, id: string): Promise<{ purchase: { hash: string; expiresAt: string } | null; instance: RsshubInstance }> {
      await visible(user, id);
      const usage = await repo.usageOf(user.id, clock.now());
      const bought = usage?.rsshubId === id && usage.expiresAt && deps.payments ? await deps.payments.lastPurchase(user.id, id) : null;
      return { purchase: bought && usage?.expiresAt ? { hash: bought.hash, expiresAt: usage.expiresAt.toISOString() } : null, instance: await presentOne(user, id) };
    },

    /**
     * POST /rsshub: adds an instance, or updates the caller's own (`id`, or the same address
     * again). It is checked first; nothing is saved when the check fails.
     */
    async save(user: RequestUser, input: RsshubInstanceInput): Promise<RsshubInstance> {
      const baseUrl = normalizeBaseUrl(input.baseUrl);
      const existing = input.id ? await owned(user, input.id) : await repo.findOwn(user.id, baseUrl);
      if (input.id && existing && existing.baseUrl !== baseUrl) {
        const clash = await repo.findOwn(user.id, baseUrl);
        if (clash && clash.id !== existing.id) throw new AppError(ErrorCode.RSSHubConfigInvalid, { reason: `You already added ${baseUrl}` });
      }
      // An absent or empty key keeps the stored one; null removes it.
      const keptKey = existing?.accessKeySealed ? deps.box.open(existing.accessKeySealed) : null;
      const accessKey = input.accessKey === null ? null : input.accessKey ? input.accessKey : keptKey;
      const catalogue = await probe(user, { baseUrl, accessKey });
      // An instance that names its owner (FOLLOW_OWNER_USER_ID) can be added by that reader only.
      const published = (await deps.readPublishedConfig(clientFor(user), { baseUrl, accessKey })) ?? {};
      if (published.ownerUserId && published.ownerUserId !== user.id) {
        throw new AppError(ErrorCode.RSSHubConfigInvalid, { reason: `This instance names another owner (FOLLOW_OWNER_USER_ID=${published.ownerUserId}); your user id is ${user.id}` });
      }
      const now = clock.now();
      const fields = {
        baseUrl,
        accessKeySealed: accessKey ? deps.box.seal(accessKey) : null,
        description: input.description ?? existing?.description ?? published.description ?? "",
        price: input.price ?? existing?.price ?? published.price ?? 0,
        userLimit: input.userLimit !== undefined ? input.userLimit : existing ? existing.userLimit : (published.userLimit ?? 0),
        status: "ok",
        errorMessage: null,
        errorCount: 0,
        checkedAt: now,
        nextCheckAt: nextCheck(now),
        updatedAt: now,
      };
      const saved = existing ? await repo.update(existing.id, fields) : await repo.insert({ id: deps.ids.next(), ownerUserId: user.id, ...fields, createdAt: now });
      if (!saved) throw new AppError(ErrorCode.RSSHubNotFound);
      deps.rememberCatalogue(saved.id, catalogue);
      return presentOne(user, saved.id);
    },

    /** DELETE /rsshub: the owner removes an instance nobody else uses (13002 while others do). */
    async remove(user: RequestUser, id: string): Promise<void> {
      await owned(user, id);
      const outcome = await repo.removeUnlessUsedByOthers(id, user.id, clock.now());
      if (outcome === "missing") throw new AppError(ErrorCode.RSSHubNotFound);
      if (outcome === "in-use") throw new AppError(ErrorCode.RSSHubInUse, { reason: "Other readers use this instance; it can be removed once they stop" });
    },

    /** POST /rsshub/check: the owner checks an instance now. */
    async check(user: RequestUser, id: string): Promise<RsshubInstance> {
      const instance = await owned(user, id);
      const accessKey = instance.accessKeySealed ? deps.box.open(instance.accessKeySealed) : null;
      const now = clock.now();
      try {
        deps.rememberCatalogue(id, await probe(user, { baseUrl: instance.baseUrl, accessKey }));
        await repo.recordCheck(id, { status: "ok", errorMessage: null, checkedAt: now, nextCheckAt: nextCheck(now) });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const status = error.code === ErrorCode.RSSHubConfigInvalid ? "invalid" : "unavailable";
        await repo.recordCheck(id, { status, errorMessage: error.reason ?? error.message, checkedAt: now, nextCheckAt: nextCheck(now) });
      }
      return presentOne(user, id);
    },

    /**
     * POST /rsshub/use: the caller's `rsshub://` feeds go through this instance (null: back to the
     * default). 13004 when its user limit is reached (a private one has room for its owner only),
     * 13007 while its last check failed, 13005 for a paid one: paying needs POWER.
     */
    async use(user: RequestUser, input: RsshubUseInput): Promise<RsshubStatus> {
      if (input.id === null) {
        await repo.stopUsing(user.id);
        return status(user);
      }
      const instance = await visible(user, input.id);
      const isOwner = instance.ownerUserId === user.id;
      if (!isOwner && isPrivate(instance)) throw new AppError(ErrorCode.RSSHubUserLimitExceeded, { reason: "This instance is private to its owner" });
      if (instance.status !== "ok") throw new AppError(ErrorCode.RSSHubUnavailable, { reason: instance.errorMessage ?? `Its last check found it ${instance.status}` });
      if (!isOwner && instance.price > 0) {
        if (!deps.payments) {
          throw new AppError(ErrorCode.RSSHubPurchaseNotFound, { reason: `This instance costs ${instance.price} POWER a month, and this server has no POWER to pay with: ask its owner to make it free` });
        }
        // A paid period: months × the price to the owner, and the place, in one transaction; a
        // period still running on this instance is extended.
        const months = input.durationInMonths ?? 1;
        const now = clock.now();
        const current = await repo.usageOf(user.id, now);
        const start = current?.rsshubId === instance.id && current.expiresAt && current.expiresAt > now ? current.expiresAt : now;
        const expiresAt = new Date(start.getTime() + months * MONTH_MS);
        await deps.payments.pay(
          { userId: user.id, ownerUserId: instance.ownerUserId, rsshubId: instance.id, amount: instance.price * months, months, totpCode: input.TOTPCode },
          async (tx) => {
            const outcome = await repo.use(user.id, instance.id, { now, expiresAt, limit: (locked) => locked.userLimit }, tx);
            if (outcome === "missing") throw new AppError(ErrorCode.RSSHubNotFound);
            if (outcome === "full") throw new AppError(ErrorCode.RSSHubUserLimitExceeded, { reason: `This instance is limited to ${instance.userLimit} readers` });
          },
        );
        return status(user);
      }
      const outcome = await repo.use(user.id, instance.id, {
        now: clock.now(),
        expiresAt: null,
        limit: (locked) => (locked.ownerUserId === user.id ? null : locked.userLimit),
      });
      if (outcome === "missing") throw new AppError(ErrorCode.RSSHubNotFound);
      if (outcome === "full") throw new AppError(ErrorCode.RSSHubUserLimitExceeded, { reason: `This instance is limited to ${instance.userLimit} readers` });
      return status(user);
    },
  };
}

export type RsshubService = ReturnType<typeof createRsshubService>;
