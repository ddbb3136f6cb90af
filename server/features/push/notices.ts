import type { PushPayload } from '#common/api/push.ts';
import type { Locale } from '#common/constants.ts';
import { translate } from '#common/i18n/translate.ts';
import type { PushOptions } from './sender.ts';

/**
 * What the pushes say, in the device's language from the catalogs (push.*). They name the
 * performer and the site, never what a message says: a notice may show on a locked screen.
 */
type Show = { universalId: string; showName: string; slugName: string };

export const showPath = (s: Pick<Show, 'universalId' | 'slugName'>) =>
  `/chat/${encodeURIComponent(s.universalId)}/${encodeURIComponent(s.slugName)}`;

export function favoriteOnlinePush(show: Show, site: string): (locale: Locale) => PushPayload {
  return (locale) => ({
    title: translate(locale, 'push.favorite_online.title', { name: show.showName }),
    body: translate(locale, 'push.favorite_online.body', { name: show.showName, site }),
    url: showPath(show),
    tag: `favorite-${show.universalId}`,
  });
}

/** News that a favorite is online is stale after a quarter of an hour; a newer one replaces it. */
export const favoriteOnlineOptions = (universalId: string): PushOptions => ({
  ttlSeconds: 15 * 60,
  urgency: 'high',
  topic: `fav-${universalId}`.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32),
});

export function messageReplyPush(
  c: { id: number; name: string; support: boolean },
  site: string,
): (locale: Locale) => PushPayload {
  return (locale) => ({
    title: translate(locale, 'push.message_reply.title', { name: c.name }),
    body: translate(locale, 'push.message_reply.body', { site }),
    url: `/messages/${c.support ? 'support' : c.id}`,
    tag: `message-${c.id}`,
  });
}

/** An answer keeps for a day at the push service (a phone that is off gets it later). */
export const messageReplyOptions: PushOptions = { ttlSeconds: 24 * 3600, urgency: 'normal' };
