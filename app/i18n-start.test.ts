import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalog as startDe } from '#common/i18n/catalog-start.de.ts';
import { catalog as startEn } from '#common/i18n/catalog-start.en.ts';
import type { Catalog } from '#common/i18n/merge.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

/** Source files the module imports statically (not `import type`, not lazy `import()`). */
function imports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^import (?!type )[^;]*?from '([^']+)';/gms)].flatMap((m) => {
    const spec = m[1] ?? '';
    const base = spec.startsWith('.')
      ? path.resolve(path.dirname(file), spec)
      : spec.replace(/^#(app|common)\//, `${ROOT}/$1/`);
    return base !== spec && existsSync(base) ? [base] : [];
  });
}

/** Every app module the shell and the index page import before their first render. */
function firstRenderModules(): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !/\.(ts|tsx)$/.test(file)) return;
    seen.add(file);
    for (const dep of imports(file)) visit(dep);
  };
  visit(path.join(ROOT, 'app/shell/RootLayout.tsx'));
  visit(path.join(ROOT, 'app/features/shows/IndexPage.tsx'));
  return [...seen];
}

const lookup = (catalog: Catalog, key: string) =>
  key.split('.').reduce<string | Catalog | undefined>((n, p) => (typeof n === 'object' ? n[p] : undefined), catalog);
const has = (catalog: Catalog, key: string) =>
  lookup(catalog, key) !== undefined || lookup(catalog, `${key}_other`) !== undefined;

describe('the start part of the catalog', () => {
  const files = firstRenderModules();
  const keys = new Set<string>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/(?:\bt\(\s*|i18nKey=|label: |badgeText: )['"]([a-z0-9_]+(?:\.[a-z0-9_]+)+)['"]/gi)) {
      keys.add(m[1] ?? '');
    }
  }

  it('holds every text the shell and the index page show on their first render', () => {
    expect(files.length).toBeGreaterThan(40);
    expect(keys.size).toBeGreaterThan(40);
    const missing = [...keys].filter((key) => !has(startEn, key) || !has(startDe, key));
    expect(missing).toEqual([]);
  });

  it('holds the groups the first render picks keys from at run time', () => {
    // t(`footer.languages.${l}`), t(`error_page.${kind}.title`), t(`shows.ribbon.${kind}`), ...
    for (const group of ['footer.links', 'footer.languages', 'error_page', 'shows.ribbon', 'shows.index']) {
      expect(typeof lookup(startEn, group), group).toBe('object');
      expect(typeof lookup(startDe, group), group).toBe('object');
    }
  });
});
