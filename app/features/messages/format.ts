/** A message's or a conversation's time: the hour today, else the date (and the hour in a conversation). */
export function formatMessageTime(unixSeconds: number, language: string, withTime = false, now = Date.now()): string {
  const date = new Date(unixSeconds * 1000);
  const locale = language.startsWith('de') ? 'de-DE' : 'en-GB';
  const today = new Date(now).toDateString() === date.toDateString();
  if (today) return date.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });
  return date.toLocaleString(locale, {
    day: '2-digit',
    month: '2-digit',
    year: '2-digit',
    ...(withTime ? { hour: '2-digit', minute: '2-digit' } : {}),
  });
}
