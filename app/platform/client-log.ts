import { sessionQuery } from '#app/features/session/api.ts';
import { api } from '#app/http.ts';
import { queryClient } from '#app/query-client.ts';
import type { ClientLogEntry } from '#common/api/session.ts';
import { CLIENT_LOG_DEBOUNCE_MS, CLIENT_LOG_MAX_ENTRIES, LOG_LEVELS } from '#common/constants.ts';
import { clientVersion } from './build.ts';

const STORAGE_KEY = 'livecam.client-log';
const MAX_MESSAGE = 2000;
const MAX_OBJECTS = 10;

export type LogLevel = (typeof LOG_LEVELS)[keyof typeof LOG_LEVELS];

const routes: { prev: string | null; current: string | null } = { prev: null, current: null };

/** Remembers the route the visitor is on, and the one before, for the next entries. */
export function trackRoute(path: string) {
  if (path === routes.current) return;
  routes.prev = routes.current;
  routes.current = path;
}

export function readClientLog(): ClientLogEntry[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as ClientLogEntry[]) : [];
  } catch {
    return [];
  }
}

const writeLog = (entries: ClientLogEntry[]) => {
  if (entries.length === 0) localStorage.removeItem(STORAGE_KEY);
  else localStorage.setItem(STORAGE_KEY, JSON.stringify(entries));
};

/** Errors become plain objects (name, message, a short stack); anything else must survive JSON. */
function plain(value: unknown): unknown {
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack?.slice(0, 1000) };
  try {
    return JSON.parse(JSON.stringify(value ?? null));
  } catch {
    return String(value);
  }
}

let timer: ReturnType<typeof setTimeout> | undefined;
let sender: (body: unknown) => Promise<unknown> = (body) => api('POST', 'user/log', body);

/** Sends what is stored as one batch; entries sent are removed on success, kept on failure. */
export async function flushClientLog(): Promise<boolean> {
  timer = undefined;
  const batch = readClientLog();
  if (batch.length === 0) return true;
  const memberid = queryClient.getQueryData(sessionQuery.queryKey)?.user?.id ?? null;
  try {
    // The version of this bundle, which made the errors, not the server's (GET /config): a tab
    // left open across an update would otherwise report the new version for the old code.
    await sender({ memberid, version: clientVersion(), errors: batch });
  } catch {
    return false;
  }
  const sent = new Set(batch.map((e) => JSON.stringify(e)));
  writeLog(readClientLog().filter((e) => !sent.has(JSON.stringify(e))));
  return true;
}

const scheduleFlush = () => {
  if (timer !== undefined) clearTimeout(timer);
  timer = setTimeout(() => void flushClientLog(), CLIENT_LOG_DEBOUNCE_MS);
};

/**
 * Keeps an entry (the newest CLIENT_LOG_MAX_ENTRIES survive) and sends the batch once no entry
 * has come for CLIENT_LOG_DEBOUNCE_MS.
 */
export function logClientError(message: string, level: LogLevel = LOG_LEVELS.ERROR, objects: unknown[] = []) {
  const entry: ClientLogEntry = {
    created: new Date().toISOString(),
    message: message.slice(0, MAX_MESSAGE) || 'unknown',
    level,
    userAgent: navigator.userAgent.slice(0, 500),
    prevRoute: routes.prev,
    currentRoute: routes.current,
    objects: objects.slice(0, MAX_OBJECTS).map(plain),
  };
  try {
    writeLog([...readClientLog(), entry].slice(-CLIENT_LOG_MAX_ENTRIES));
  } catch {
    return; // storage full or blocked: nothing to keep
  }
  scheduleFlush();
}

const messageOf = (value: unknown) =>
  value instanceof Error ? value.message : typeof value === 'string' ? value : 'unhandled rejection';

/**
 * Records uncaught errors and unhandled promise rejections, and sends what an earlier visit left.
 * `send` replaces the request (tests). Returns the unsubscribe.
 */
export function startClientLog(send?: (body: unknown) => Promise<unknown>): () => void {
  if (send) sender = send;
  const onError = (e: ErrorEvent) =>
    logClientError(e.message || messageOf(e.error), LOG_LEVELS.ERROR, [
      e.error ?? { filename: e.filename, line: e.lineno },
    ]);
  const onRejection = (e: PromiseRejectionEvent) => logClientError(messageOf(e.reason), LOG_LEVELS.ERROR, [e.reason]);
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  if (readClientLog().length > 0) scheduleFlush();
  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
}
