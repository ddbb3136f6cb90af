/**
 * Which push endpoints the server will post to (decision 067). A subscription's endpoint is an
 * address the browser hands us, so a member could hand us any: the server would post to it on
 * every notice and her device list would show how it answered, a probe of our own network (SSRF).
 * In production only the browsers' push services are reached, over https on the standard port;
 * elsewhere any https address, and plain http on loopback for the local stand-in of the tests.
 */

/** The push services of the browsers we support: Chrome, Edge's Chromium and most others (FCM), Firefox, Safari, Windows. */
export const PUSH_SERVICE_HOSTS: readonly string[] = [
  'fcm.googleapis.com',
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
];

const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '[::1]'];

/** The host is one of the services or a name under one (updates.push.services.mozilla.com, wns2-….notify.windows.com). */
const isPushService = (hostname: string) =>
  PUSH_SERVICE_HOSTS.some((host) => hostname === host || hostname.endsWith(`.${host}`));

export function allowedPushEndpoint(endpoint: string, production: boolean): boolean {
  if (!URL.canParse(endpoint)) return false;
  const url = new URL(endpoint);
  if (url.username || url.password) return false;
  if (production) return url.protocol === 'https:' && url.port === '' && isPushService(url.hostname);
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && LOOPBACK_HOSTS.includes(url.hostname);
}
