import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';

/**
 * Bodies that many requests share (list pages, rendered HTML): kept briefly in process, each
 * compressed once on first demand.
 */

/**
 * A small time-limited memo: an answer many requests ask for (a list page, a search, a rendered
 * page, a sitemap) is reused for `ttlMs`, and requests arriving while it loads share the one load.
 * A failed load is not kept; at most `maxEntries` are kept, the oldest dropped first. `ttlMs` 0
 * turns it off.
 */
export function createMemo<T>(ttlMs: number, maxEntries = 2000, now: () => number = Date.now) {
  const entries = new Map<string, { value: Promise<T>; expires: number }>();
  return {
    get(key: string, load: () => Promise<T>): Promise<T> {
      if (ttlMs <= 0) return load();
      const t = now();
      const hit = entries.get(key);
      if (hit && hit.expires > t) return hit.value;
      // Oldest first: dropping the first keys of the Map drops the oldest entries.
      while (entries.size >= maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
      const value = load();
      entries.delete(key);
      entries.set(key, { value, expires: t + ttlMs });
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
    /** Whether a live answer for `key` is there (or on its way). */
    has: (key: string) => (entries.get(key)?.expires ?? 0) > now(),
    clear: () => entries.clear(),
    get size() {
      return entries.size;
    },
  };
}

export type Encoding = 'br' | 'gzip';

/** `text` in `encoding`, compressed once and kept on `holder` for every later request. */
export function compressedOnce(
  holder: { encoded?: Partial<Record<Encoding, Buffer>> },
  text: string | Buffer,
  encoding: Encoding,
): Buffer {
  holder.encoded ??= {};
  const done = holder.encoded[encoding];
  if (done) return done;
  const made =
    encoding === 'br'
      ? brotliCompressSync(text, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } })
      : gzipSync(text, { level: 6 });
  holder.encoded[encoding] = made;
  return made;
}

/** The compression a request accepts that pages come in, br first (`;q=0` refuses one). */
export function acceptedEncoding(header: string | string[] | undefined): Encoding | null {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  const accepted = new Set(
    value
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q.trim()))
      .map(([name]) => name),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}
