import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';

/**
 * Bodies that many requests share (list pages, rendered HTML): kept briefly in process, each
 * compressed once on first demand.
 */

type Entry<T> = { value: T; expires: number };
/** Few keys are hot (first pages of each category); the cap bounds memory whatever clients ask. */
const MAX_ENTRIES = 200;

/** A small time-limited memo; `clear` drops everything at once. */
export function memo<T>(ttlMs: number, now: () => number) {
  const entries = new Map<string, Entry<Promise<T>>>();
  return {
    get(key: string, load: () => Promise<T>): Promise<T> {
      if (ttlMs <= 0) return load();
      const t = now();
      const hit = entries.get(key);
      if (hit && hit.expires > t) return hit.value;
      if (entries.size >= MAX_ENTRIES) {
        for (const [k, e] of entries) if (e.expires <= t) entries.delete(k);
        if (entries.size >= MAX_ENTRIES) entries.clear();
      }
      const value = load();
      entries.set(key, { value, expires: t + ttlMs });
      // A failed load is not kept: the next request tries again.
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
    clear: () => entries.clear(),
  };
}

export type Encoding = 'br' | 'gzip';

/** `text` in `encoding`, compressed once and kept on `holder` for every later request. */
export function compressedOnce(
  holder: { encoded?: Partial<Record<Encoding, Buffer>> },
  text: string,
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
