import { SERVICE_WORKER_URL } from '#app/features/push/device.ts';

/**
 * Registers the service worker (/sw.js, decision 067) once the page has loaded, in production
 * builds only: under the dev server there is no /sw.js, and a worker would keep serving stale
 * files across hot reloads. A new build's worker takes over by itself (it caches no pages).
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => void navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' }).catch(() => {});
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
