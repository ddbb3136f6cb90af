/** One catalog: nested keys to texts. */
export type Catalog = { [key: string]: string | Catalog };

/** Deep-merges the area catalogs of one language into one key space. */
export function merge(...parts: Catalog[]): Catalog {
  const out: Catalog = {};
  for (const part of parts) {
    for (const [key, value] of Object.entries(part)) {
      const existing = out[key];
      out[key] = typeof value === 'object' && typeof existing === 'object' ? merge(existing, value) : value;
    }
  }
  return out;
}
