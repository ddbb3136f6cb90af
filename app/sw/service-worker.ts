/**
 * The service worker (decision 067), built by vite.config.ts into /sw.js with the build's id and
 * its hashed assets in PRECACHE. It keeps the app shell's hashed files for an offline start and
 * shows pushes as notifications. It never caches /api/, the sockets or any page: member data
 * always comes from the network, and a request it does not know goes on untouched.
 */
declare const BUILD: string;
declare const PRECACHE: string[];

type Waitable = { waitUntil(p: Promise<unknown>): void };
type FetchEventLike = Waitable & { request: Request; respondWith(r: Promise<Response>): void };
type PushEventLike = Waitable & { data: { json(): unknown } | null };
type ClickEventLike = Waitable & { notification: { close(): void; data: unknown } };
type WindowClientLike = { url: string; focus(): Promise<unknown>; navigate(url: string): Promise<unknown> };
type Scope = {
  location: { origin: string };
  registration: {
    showNotification(title: string, options: Record<string, unknown>): Promise<void>;
  };
  clients: {
    claim(): Promise<void>;
    matchAll(o: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', f: (e: Waitable) => void): void;
  addEventListener(type: 'fetch', f: (e: FetchEventLike) => void): void;
  addEventListener(type: 'push', f: (e: PushEventLike) => void): void;
  addEventListener(type: 'notificationclick', f: (e: ClickEventLike) => void): void;
};

const sw = globalThis as unknown as Scope;
const CACHE = `shell-${BUILD}`;
const SHELL = new Set(PRECACHE);

sw.addEventListener('install', (event) => {
  // A new build's files are fetched before it takes over; pages then load the new build's
  // chunks. Taking over at once is safe as no page ever comes from this cache.
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => sw.skipWaiting()),
  );
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((k) => k.startsWith('shell-') && k !== CACHE).map((k) => caches.delete(k))),
      )
      .then(() => sw.clients.claim()),
  );
});

sw.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  // Only the build's own hashed files, by GET, from this origin: never /api/, sockets or pages.
  if (event.request.method !== 'GET' || url.origin !== sw.location.origin || !SHELL.has(url.pathname)) return;
  event.respondWith(caches.match(event.request).then((hit) => hit ?? fetch(event.request)));
});

type Payload = { title: string; body: string; url: string; tag: string };
const isPayload = (v: unknown): v is Payload =>
  typeof v === 'object' && v !== null && ['title', 'body', 'url', 'tag'].every((k) => k in v);

sw.addEventListener('push', (event) => {
  let data: unknown = null;
  try {
    data = event.data?.json() ?? null;
  } catch {
    data = null;
  }
  if (!isPayload(data)) return;
  event.waitUntil(
    sw.registration.showNotification(data.title, {
      body: data.body,
      tag: data.tag,
      data: { url: data.url },
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
    }),
  );
});

sw.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | null;
  const path = typeof data?.url === 'string' && data.url.startsWith('/') ? data.url : '/';
  const target = new URL(path, sw.location.origin).href;
  event.waitUntil(
    sw.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
      const open = windows.find((w) => w.url === target) ?? windows[0];
      if (!open) return sw.clients.openWindow(target);
      await open.focus();
      return open.url === target ? open : open.navigate(target);
    }),
  );
});
