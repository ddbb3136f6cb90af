import { onTestFinished, vi } from 'vitest';

/**
 * A browser's side of Web Push for component tests: Notification's permission, the service
 * worker's registration and its push manager, in place of jsdom's (which has none). Everything
 * is put back when the test ends (the app project shares one document between files).
 */
type Permission = 'default' | 'granted' | 'denied';
export type FakeSubscription = { endpoint: string; toJSON(): unknown; unsubscribe: () => Promise<boolean> };

export const SUBSCRIPTION_JSON = {
  endpoint: 'https://push.example.org/send/abc',
  expirationTime: null,
  keys: { p256dh: 'BPublicKeyOfTheBrowser', auth: 'AuthSecret' },
};

export function fakePush(opts: { permission?: Permission; subscribed?: boolean; answer?: Permission } = {}) {
  let permission: Permission = opts.permission ?? 'default';
  const unsubscribe = vi.fn(async () => {
    subscription = null;
    return true;
  });
  const make = (): FakeSubscription => ({
    endpoint: SUBSCRIPTION_JSON.endpoint,
    toJSON: () => SUBSCRIPTION_JSON,
    unsubscribe,
  });
  let subscription: FakeSubscription | null = opts.subscribed ? make() : null;
  const requestPermission = vi.fn(async () => {
    permission = opts.answer ?? 'granted';
    return permission;
  });
  const pushManager = {
    getSubscription: vi.fn(async () => subscription),
    subscribe: vi.fn(async () => {
      subscription = make();
      return subscription;
    }),
  };
  const registration = { pushManager };
  putBack();
  vi.stubGlobal('isSecureContext', true);
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', {
    get permission() {
      return permission;
    },
    requestPermission,
  });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      getRegistration: vi.fn(async () => registration),
      register: vi.fn(async () => registration),
      ready: Promise.resolve(registration),
    },
  });
  return { requestPermission, pushManager, unsubscribe };
}

/** A browser without push (jsdom's own state): no service worker, no PushManager. */
export function noPush() {
  putBack();
  vi.stubGlobal('isSecureContext', true);
}

function putBack() {
  onTestFinished(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });
}
