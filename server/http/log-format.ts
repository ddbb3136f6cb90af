import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import type { Config } from '#server/config.ts';

/**
 * How the process writes its log. A log collector wants JSON lines; a person at a terminal wants
 * one readable line an event, and the start banner with the demo logins still on screen.
 */

/** JSON in production, with LOG_FORMAT=json, or when stdout is no terminal (a file, a pipe, a collector). */
export function resolveLogFormat(config: Pick<Config, 'env' | 'logFormat'>, stdoutIsTTY: boolean): 'json' | 'text' {
  if (config.logFormat !== 'auto') return config.logFormat;
  return config.env !== 'production' && stdoutIsTTY ? 'text' : 'json';
}

/**
 * The level of the per-request lines ("incoming request", "request completed"): the access log in
 * production; elsewhere debug, shown with LOG_LEVEL=debug, so that a page load (dozens of requests)
 * does not push the start banner off the screen.
 */
export const requestLogLevel = (env: Config['env']): 'info' | 'debug' => (env === 'production' ? 'info' : 'debug');

/** Fastify's own request lines at that level; a request that errored stays an error. */
export class RequestLogController extends LogController {
  constructor(private readonly level: 'info' | 'debug') {
    super();
  }
  override incomingRequest(request: FastifyRequest) {
    if (!this.isLogDisabled(request)) request.log[this.level]({ req: request }, 'incoming request');
  }
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) return super.requestCompleted(error, request, reply);
    if (!this.isLogDisabled(request))
      reply.log[this.level]({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
/** Terminal colours of the levels that need attention (ANSI escape codes). */
const TINT: Record<number, string> = { 20: '2', 40: '33', 50: '31', 60: '31;1' };
/** Fields every line has, shown in their own places or not at all. */
const OWN = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'reqId', 'req', 'res', 'responseTime', 'err']);

type Entry = Record<string, unknown> & { level?: number; time?: number; msg?: string };

const clock = (time: unknown) => {
  const d = typeof time === 'number' ? new Date(time) : new Date();
  return [d.getHours(), d.getMinutes(), d.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
};

const shown = (value: unknown) =>
  typeof value === 'string' && /^[^\s"=]+$/.test(value) ? value : (JSON.stringify(value) ?? String(value));

/** The request, the status and the time taken, as an access line says them. */
function requestPart(entry: Entry): string[] {
  const parts: string[] = [];
  const req = entry.req as { method?: string; url?: string } | undefined;
  if (req?.method) parts.push(`${req.method} ${req.url ?? ''}`);
  const res = entry.res as { statusCode?: number } | undefined;
  if (res?.statusCode) parts.push(String(res.statusCode));
  if (typeof entry.responseTime === 'number') parts.push(`${entry.responseTime.toFixed(1)} ms`);
  return parts;
}

/**
 * One JSON log line (pino's) as one readable line: time, level, message, the request, then the
 * other fields as key=value; an error's stack follows on indented lines. Anything that is not a
 * JSON object passes through as it came.
 */
export function formatLogLine(line: string, colour = false): string {
  let entry: Entry;
  try {
    const parsed: unknown = JSON.parse(line);
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return line;
    entry = parsed as Entry;
  } catch {
    return line;
  }
  const level = entry.level ?? 30;
  const name = (LEVELS[level] ?? String(level)).padEnd(5);
  const tint = colour ? TINT[level] : undefined;
  const head = `${clock(entry.time)} ${tint ? `\u001b[${tint}m${name}\u001b[0m` : name}`;
  const fields = Object.entries(entry)
    .filter(([key, value]) => !OWN.has(key) && value !== undefined)
    .map(([key, value]) => `${key}=${shown(value)}`);
  const reqId = typeof entry.reqId === 'string' ? [`req=${entry.reqId.slice(0, 8)}`] : [];
  const err = entry.err as { type?: string; message?: string; stack?: string } | undefined;
  const errText = err ? [`${err.type ?? 'Error'}: ${err.message ?? ''}`] : [];
  const body = [entry.msg ?? '', ...requestPart(entry), ...errText, ...fields, ...reqId].filter(Boolean).join('  ');
  const stack = err?.stack
    ? `\n${err.stack
        .split('\n')
        .slice(1)
        .map((l) => `    ${l.trim()}`)
        .join('\n')}`
    : '';
  return `${head} ${body}${stack}\n`;
}

/** A pino destination that writes each line readably to `out` (the terminal). */
export function textLogStream(out: { write(text: string): unknown }, colour: boolean) {
  return { write: (line: string) => void out.write(formatLogLine(line, colour)) };
}
