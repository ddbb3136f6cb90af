import { FINGERPRINT_MAX_RETRIES } from '#common/constants.ts';

/**
 * The visitor fingerprint of spec part 1 ("Sign-in"): taken on the first click when the session
 * has no visitor id; a failure retries on the next click, at most 5 times, then the visitor id
 * is marked failed for this tab. It reads device facts, so it runs only after the visitor
 * accepted analytics (German TDDDG § 25).
 */
export type VisitorSignal = { vid: string; confidence: number };

const FAILED_KEY = 'visitor_id_failed';

/** A stable hash of what the browser tells about itself; no canvas or audio probing. */
export async function computeFingerprint(): Promise<VisitorSignal> {
  const n = navigator as Navigator & { deviceMemory?: number };
  const facts = [
    n.userAgent,
    n.language,
    (n.languages ?? []).join(','),
    n.platform,
    String(n.hardwareConcurrency ?? ''),
    String(n.deviceMemory ?? ''),
    `${screen.width}x${screen.height}x${screen.colorDepth}`,
    Intl.DateTimeFormat().resolvedOptions().timeZone,
    String(n.maxTouchPoints ?? 0),
  ];
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(facts.join('|')));
  const vid = [...new Uint8Array(digest)]
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('')
    .slice(0, 32);
  // Facts of this kind are shared by many browsers of the same model: a weak signal.
  return { vid, confidence: 0.4 };
}

export function fingerprintTaker(deps: {
  hasVisitorId: () => boolean;
  allowed: () => boolean;
  compute: () => Promise<VisitorSignal>;
  send: (signal: VisitorSignal) => Promise<void>;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
}) {
  let attempts = 0;
  let busy = false;
  /** Call on every click; it does the work at most once, retrying failures up to the limit. */
  return async function onClick(): Promise<'sent' | 'skipped' | 'failed' | 'retry'> {
    if (busy || deps.hasVisitorId() || !deps.allowed() || deps.storage.getItem(FAILED_KEY)) return 'skipped';
    if (attempts >= FINGERPRINT_MAX_RETRIES) return 'skipped';
    busy = true;
    attempts += 1;
    try {
      await deps.send(await deps.compute());
      return 'sent';
    } catch {
      if (attempts >= FINGERPRINT_MAX_RETRIES) {
        deps.storage.setItem(FAILED_KEY, '1');
        return 'failed';
      }
      return 'retry';
    } finally {
      busy = false;
    }
  };
}
