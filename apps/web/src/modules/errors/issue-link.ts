import { appEnv } from "../../lib/env.ts";
import { getSessionTraceId } from "../../lib/trace.ts";

export interface IssueContext {
  error: string;
  errorTraceId?: string;
  userAgent: string;
  platform: string;
}

function browserName(userAgent: string): string {
  const match =
    /(Edg|OPR|Firefox|Chrome|Chromium|Safari)\/([\d.]+)/.exec(userAgent.replace(/Version\/([\d.]+).*Safari/, "Safari/$1")) ?? null;
  if (!match) return "unknown";
  const names: Record<string, string> = { Edg: "Edge", OPR: "Opera" };
  return `${names[match[1]!] ?? match[1]} ${match[2]}`;
}

/**
 * The "Submit Issue" link of the error page: the project's issue form, prefilled with what a
 * maintainer needs (spec §2): app version, OS, user agent, environment, browser, session trace
 * id, mode and the error trace id when there is one.
 */
export function buildIssueUrl(context: IssueContext): string {
  const lines = [
    "### Error",
    "```",
    context.error,
    "```",
    "",
    "### Environment",
    `- App version: ${appEnv.version}`,
    `- OS: ${context.platform || "unknown"}`,
    `- User agent: ${context.userAgent}`,
    `- Environment: ${appEnv.isElectron ? "electron" : "web"}`,
    `- Browser: ${browserName(context.userAgent)}`,
    `- Session trace id: ${getSessionTraceId()}`,
    `- Mode: ${appEnv.mode}`,
    ...(context.errorTraceId ? [`- Error trace id: ${context.errorTraceId}`] : []),
  ];
  const params = new URLSearchParams({
    template: "bug_report.yml",
    labels: "bug",
    title: `[app error] ${context.error.split("\n")[0]!.slice(0, 120)}`,
    body: lines.join("\n"),
  });
  return `${appEnv.repositoryUrl}/issues/new?${params.toString()}`;
}
