import pino from "pino";
import { getConfig } from "./config";

/** Structured JSON logs on stdout. Never log passwords or patient data. */
export const log = pino({
  level: process.env.NODE_ENV === "test" && !process.env.LOG_LEVEL ? "silent" : getConfigLevel(),
  base: undefined,
  redact: { paths: ["password", "*.password", "req.headers.cookie", "res.headers['set-cookie']"], remove: true },
});

function getConfigLevel(): string {
  try {
    return getConfig().LOG_LEVEL;
  } catch {
    return "info";
  }
}

/**
 * The loggable part of an error: its code and class name, never its message (a driver's message
 * may quote the values of a row, i.e. a patient's data).
 */
export function errorCode(err: unknown): { code: string; name: string } {
  const e = err as { code?: unknown; name?: unknown } | null;
  return { code: String(e?.code ?? ""), name: String(e?.name ?? "") };
}
