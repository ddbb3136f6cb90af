import type { ClientClock } from '#common/domain/favorite-window.ts';

/** This browser's offset from UTC now and its time zone: what a saved window is meant in. */
export function clientClock(now = new Date()): ClientClock {
  return { offset: -now.getTimezoneOffset(), timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone };
}
