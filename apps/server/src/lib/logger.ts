import { pino, type Logger } from "pino";

export type { Logger };

/** The process logger: JSON lines on stdout, one object per event. */
export function createLogger(options: { level: string; destination?: NodeJS.WritableStream }): Logger {
  return pino(
    {
      level: options.level,
      base: { service: "tidings" },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: ["req.headers.cookie", "req.headers.authorization", "*.password", "*.secret"], censor: "[redacted]" },
    },
    options.destination ?? process.stdout,
  );
}
