import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Formats a message's unix time in her language: the time today, else date and time. */
export function useMessageTime(): (unix: number) => string {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const time = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' });
    const dateTime = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
    return (unix: number) => {
      const d = new Date(unix * 1000);
      return d.toDateString() === new Date().toDateString() ? time.format(d) : dateTime.format(d);
    };
  }, [i18n.language]);
}
