import webPush from 'web-push';
import type { PushPayload } from '#common/api/push.ts';
import type { Locale } from '#common/constants.ts';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { type PushTarget, pushTargetsOf } from './data.ts';
import { dropPushSubscriptions, markPushSuccess } from './mutations.ts';

/** A push's delivery hints to the push service: how long it is worth keeping, how urgent, a topic that replaces. */
export type PushOptions = { ttlSeconds: number; urgency: 'low' | 'normal' | 'high'; topic?: string };

export type PushSender = {
  /**
   * Sends the payload (written in each device's language) to every device of the member; answers
   * how many push services took it. Devices the service calls gone (404, 410) are dropped.
   */
  toMember(userId: number, payload: (locale: Locale) => PushPayload, opts: PushOptions): Promise<number>;
};

type Log = { warn(obj: object, msg: string): void };

/** How long a push service may take to answer before the push counts as failed. */
const SEND_TIMEOUT_MS = 10_000;

/**
 * Pushes through the browsers' push services: web-push encrypts the payload (RFC 8291,
 * aes128gcm) and signs the VAPID header (RFC 8292); the request itself goes out with fetch, so a
 * loopback stand-in over plain http works outside production as well. Log lines name the push
 * service's origin and status, never the endpoint's path or keys.
 */
export function createPushSender(
  deps: { db: Db; config: Pick<Config, 'webPush'>; log: Log; now?: () => Date },
  send: typeof fetch = fetch,
): PushSender {
  const vapid = deps.config.webPush;
  if (!vapid) return { toMember: async () => 0 };
  const { keys, subject } = vapid;
  const deliver = async (target: PushTarget, payload: PushPayload, opts: PushOptions) => {
    const details = webPush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: opts.ttlSeconds,
        urgency: opts.urgency,
        ...(opts.topic ? { topic: opts.topic } : {}),
        contentEncoding: 'aes128gcm',
      },
    );
    const headers = Object.fromEntries(Object.entries(details.headers).map(([k, v]) => [k, String(v)]));
    const res = await send(details.endpoint, {
      method: details.method,
      headers,
      body: details.body ? new Uint8Array(details.body) : null,
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      // A push service answers; it never sends us elsewhere. Followed, a redirect would let an
      // endpoint point the server at its own network (decision 067): it counts as a failure.
      redirect: 'manual',
    });
    await res.body?.cancel();
    return res.status;
  };
  return {
    async toMember(userId, payload, opts) {
      const targets = await pushTargetsOf(deps.db, userId);
      if (targets.length === 0) return 0;
      const outcomes = await Promise.all(
        targets.map(async (target) => {
          const locale: Locale = target.locale === 'de' ? 'de' : 'en';
          const origin = new URL(target.endpoint).origin;
          try {
            const status = await deliver(target, payload(locale), opts);
            if (status >= 200 && status < 300) return { id: target.id, outcome: 'sent' as const };
            if (status === 404 || status === 410) return { id: target.id, outcome: 'gone' as const };
            deps.log.warn({ pushService: origin, status }, 'push refused');
          } catch (err) {
            deps.log.warn({ pushService: origin, error: err instanceof Error ? err.name : 'unknown' }, 'push failed');
          }
          return { id: target.id, outcome: 'failed' as const };
        }),
      );
      const ids = (outcome: string) => outcomes.filter((o) => o.outcome === outcome).map((o) => o.id);
      await dropPushSubscriptions(deps.db, ids('gone'));
      await markPushSuccess(deps.db, ids('sent'), deps.now?.() ?? new Date());
      return ids('sent').length;
    },
  };
}
