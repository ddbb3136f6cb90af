/**
 * The session running in this tab, kept in sessionStorage: it is the tab's own and outlives a
 * reload, so the reloaded show page takes the same session up instead of starting (and paying)
 * another, while the server waits for it (CHAT_RELOAD_GRACE_MS). Storage may be refused (a
 * private window, a full quota): then a reload simply ends the session as closing the tab would.
 */
const KEY = 'livecam.chat.running';

export type RunningInTab = { login: string; universalId: string };

export function rememberRunning(running: RunningInTab | null): void {
  try {
    if (running) sessionStorage.setItem(KEY, JSON.stringify(running));
    else sessionStorage.removeItem(KEY);
  } catch {
    // No storage: nothing to take up after a reload.
  }
}

export function runningInTab(): RunningInTab | null {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? 'null');
    if (!value || typeof value !== 'object') return null;
    const { login, universalId } = value as Record<string, unknown>;
    return typeof login === 'string' && typeof universalId === 'string' ? { login, universalId } : null;
  } catch {
    return null;
  }
}
