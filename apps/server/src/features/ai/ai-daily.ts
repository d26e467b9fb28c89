import { ErrorCode } from "@tidings/contracts";
import { AppError } from "../../errors.ts";
import type { RequestUser } from "../../http/context.ts";
import { type AiContext, plainText, providerFailure, requireProvider, takeCall } from "./ai-context.ts";
import { dailyPrompt } from "./ai-prompts.ts";
import { lastEndedWindowStart, WINDOW_MS } from "./daily-window.ts";

export interface DailyQuery {
  view: 0 | 1;
  /** Start of the 12-hour window, ms since the epoch (08:00 or 20:00 in the reader's zone). */
  startDate: number;
  timeZone: string;
  language: string;
}

/** A report the scheduler makes: one reader's, one view's, one window's (its name in the job queue). */
export interface ScheduledReport extends DailyQuery {
  userId: string;
}

/** The name of a scheduled report's job: one per reader, view and window, however many processes queue it. */
export const scheduledReportKey = (job: ScheduledReport) => `${job.userId}:${job.view}:${job.startDate}`;

/** Entries a report is made from, at most (the newest). */
const MAX_ENTRIES = 60;
/** Characters of each entry's text in the prompt. */
const ENTRY_CHARS = 500;
/** A report of a window still running is made again when older than this. */
const RUNNING_WINDOW_TTL_MS = 30 * 60 * 1000;

/**
 * Daily reports: a Markdown digest of a reader's Articles or SocialMedia entries over a 12-hour
 * window, its items linking back to the entries in the app. Reports of ended windows are kept;
 * readers who opened one get the next made by the scheduler (`dueReports`, `makeScheduled`) after
 * 8 AM and 8 PM in their zone.
 */
export function createDailyReports(context: AiContext) {
  const { repo, clock } = context;

  async function generate(user: RequestUser, query: DailyQuery): Promise<string> {
    const start = new Date(query.startDate);
    const end = new Date(query.startDate + WINDOW_MS);
    const entries = await repo.entriesInWindow(user.id, query.view, start, end, MAX_ENTRIES);
    if (entries.length === 0) {
      // Nothing to digest: kept as such, so that the scheduler does not come back to it.
      await repo.saveDailyReport(user.id, query.view, start, "", 0);
      return "";
    }
    const resolved = await requireProvider(context, user);
    await takeCall(context, user);
    const refs = entries.map((entry, i) => ({
      ref: String(i + 1),
      title: entry.title?.trim() || plainText(entry.description).slice(0, 80) || entry.url || "(untitled)",
      feed: entry.feed_title,
      text: (plainText(entry.description) || plainText(entry.content)).slice(0, ENTRY_CHARS),
    }));
    const windowLabel = `${new Date(query.startDate).toISOString()} to ${end.toISOString()}`;
    let answer: string;
    try {
      answer = await resolved.provider.complete({ messages: dailyPrompt({ language: query.language, view: query.view, windowLabel, entries: refs }), model: resolved.models.daily });
    } catch (error) {
      providerFailure(error);
    }
    const report = linkEntries(answer, entries.map((entry) => entry.id), query.view).trim();
    if (!report) throw new AppError(ErrorCode.AiProviderError, { reason: "The provider answered with an empty report." });
    await repo.saveDailyReport(user.id, query.view, start, report, entries.length);
    return report;
  }

  return {
    async report(user: RequestUser, query: DailyQuery): Promise<string> {
      if (query.startDate > clock.now().getTime()) throw new AppError(ErrorCode.InvalidParameter, { reason: "startDate is in the future" });
      await repo.markDailyReader(user.id, query.view, query.timeZone, query.language);
      const stored = await repo.dailyReport(user.id, query.view, new Date(query.startDate));
      const running = query.startDate + WINDOW_MS > clock.now().getTime();
      if (stored && (!running || clock.now().getTime() - stored.createdAt.getTime() < RUNNING_WINDOW_TTL_MS)) return stored.report;
      return generate(user, query);
    },

    /**
     * The reports the scheduler should make now: for every reader who opened a report in the past
     * two weeks, the window of their zone that ended last (queued as jobs, one per reader, view and
     * window: see daily-scheduler.ts).
     */
    async dueReports(): Promise<ScheduledReport[]> {
      const now = clock.now().getTime();
      return (await repo.dailyReaders(new Date(now - 14 * 24 * 60 * 60 * 1000))).map((reader) => ({
        userId: reader.userId,
        view: reader.view === 1 ? 1 : 0,
        startDate: lastEndedWindowStart(now, reader.timeZone),
        timeZone: reader.timeZone,
        language: reader.language,
      }));
    },

    /** Makes a scheduled report unless it is there already (the reader asked meanwhile); answers whether it made it. Throws when it fails. */
    async makeScheduled(job: ScheduledReport): Promise<boolean> {
      if (await repo.dailyReport(job.userId, job.view, new Date(job.startDate))) return false;
      await generate({ id: job.userId } as RequestUser, { view: job.view, startDate: job.startDate, timeZone: job.timeZone, language: job.language });
      return true;
    },
  };
}

/** Turns the prompt's `(tidings:N)` references into links to the entries in the app; unknown ones are dropped. */
export function linkEntries(markdown: string, ids: string[], view: number): string {
  return markdown.replace(/\[([^\]]*)\]\(tidings:(\d+)\)/g, (_all, label: string, ref: string) => {
    const id = ids[Number(ref) - 1];
    return id ? `[${label}](/timeline/view-${view}/all/${id})` : label;
  });
}

export type DailyReports = ReturnType<typeof createDailyReports>;
