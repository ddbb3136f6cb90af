import { api } from '#app/http.ts';
import type { PushSubscriptionBody } from '#common/api/push.ts';

/**
 * This browser's side of Web Push (decision 067): the service worker's registration, the
 * permission and the subscription. No product logic: the hooks in api.ts decide.
 */
export type DevicePushState = 'unsupported' | 'denied' | 'on' | 'off';

export const SERVICE_WORKER_URL = '/sw.js';

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The service worker's registration: the one in place, else registered now (decision 067). */
export async function registration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration('/');
  if (existing) return existing;
  await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  return navigator.serviceWorker.ready;
}

export async function deviceState(): Promise<DevicePushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const reg = await navigator.serviceWorker.getRegistration('/');
  const sub = await reg?.pushManager.getSubscription();
  return sub && Notification.permission === 'granted' ? 'on' : 'off';
}

/** The VAPID key as the bytes PushManager.subscribe takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(
    base64url
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(base64url.length / 4) * 4, '='),
  );
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/**
 * Turns pushes on for this device: the permission prompt (only ever after the member's click),
 * the subscription for the server's key, then the server keeps it. Answers the new state.
 */
export async function turnOn(): Promise<DevicePushState> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'off';
  const reg = await registration();
  const { public_key } = await api<{ public_key: string }>('GET', 'push/key');
  const sub =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(public_key) }));
  await api('POST', 'push/subscriptions', sub.toJSON() as PushSubscriptionBody);
  return 'on';
}

/** Turns pushes off for this device: the server forgets it, the browser ends the subscription. */
export async function turnOff(): Promise<DevicePushState> {
  const reg = await navigator.serviceWorker.getRegistration('/');
  const sub = await reg?.pushManager.getSubscription();
  if (sub) {
    await api('POST', 'push/unsubscribe', { endpoint: sub.endpoint });
    await sub.unsubscribe();
  }
  return 'off';
}
