import { i18n } from '#app/i18n.ts';

/** A day as the page says it ("1 December 2026", "1. Dezember 2026"), in UTC like the windows. */
export const longDate = (d: Date) =>
  new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: 'UTC' }).format(d);
