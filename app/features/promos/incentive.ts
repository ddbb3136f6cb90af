import { INCENTIVE_DISABLED, INCENTIVE_OVERTIME_MS, INCENTIVE_WINDOW_MS } from '#common/constants.ts';

/** Milliseconds left of the 15-minute offer started at `tspSeconds`; negative once it ran out. */
export const incentiveRemainingMs = (tspSeconds: number, nowMs: number) =>
  tspSeconds * 1000 + INCENTIVE_WINDOW_MS - nowMs;

/** The widget shows while a real timestamp is set and the countdown is at most 60 s past zero. */
export function incentiveVisible(tspSeconds: number | null, nowMs: number): boolean {
  if (tspSeconds === null || tspSeconds === INCENTIVE_DISABLED || tspSeconds <= 0) return false;
  return incentiveRemainingMs(tspSeconds, nowMs) >= -INCENTIVE_OVERTIME_MS;
}

export const incentiveExpired = (remainingMs: number) => remainingMs <= 0;

/** mm:ss of what is left, rounded up to whole seconds; 00:00 after expiry. */
export function formatCountdown(remainingMs: number): string {
  const total = Math.max(0, Math.ceil(remainingMs / 1000));
  const mm = Math.floor(total / 60);
  const ss = total % 60;
  return `${String(mm).padStart(2, '0')}:${String(ss).padStart(2, '0')}`;
}

/**
 * The offer opens by itself 2 s after the widget appears, unless the visitor folded this offer
 * (`hiddenTsp`, persisted) away: then it stays folded for the rest of its 15 minutes (and the
 * overtime), across reloads, until the visitor opens it again.
 */
export const incentiveOpensByItself = (tspSeconds: number, hiddenTsp: number | null) => hiddenTsp !== tspSeconds;
