import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Catalog, catalogs } from './catalogs.ts';
import legalDe from './legal.de.json';
import legalEn from './legal.en.json';

const flatten = (o: unknown, prefix = ''): string[] =>
  Array.isArray(o)
    ? o.flatMap((v, i) => flatten(v, `${prefix}[${i}]`))
    : o && typeof o === 'object'
      ? Object.entries(o).flatMap(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k))
      : [prefix];

const ROOT = path.resolve(import.meta.dirname, '../..');
const I18N = path.join(ROOT, 'common/i18n');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return sourceFiles(p);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [p] : [];
  });
}

/** A key exists as itself or as i18next plural forms (key_one, key_other). */
const has = (catalog: Catalog, key: string) => {
  const keys = flatten(catalog);
  return keys.includes(key) || (keys.includes(`${key}_one`) && keys.includes(`${key}_other`));
};

describe('i18n catalogs', () => {
  it('every file pair has the same keys in English and German', () => {
    const pairs = readdirSync(I18N)
      .filter((f) => f.endsWith('en.json'))
      .map((en) => [en, en.replace(/en\.json$/, 'de.json')] as const);
    expect(pairs.length).toBeGreaterThanOrEqual(5);
    for (const [en, de] of pairs) {
      const a = flatten(JSON.parse(readFileSync(path.join(I18N, en), 'utf8')));
      const b = flatten(JSON.parse(readFileSync(path.join(I18N, de), 'utf8')));
      expect({ file: de, missing: a.filter((k) => !b.includes(k)) }).toEqual({ file: de, missing: [] });
      expect({ file: en, missing: b.filter((k) => !a.includes(k)) }).toEqual({ file: en, missing: [] });
    }
    expect(flatten(legalEn)).toEqual(flatten(legalDe));
  });

  it('no key is defined by two file pairs', () => {
    const owners = new Map<string, string>();
    for (const f of readdirSync(I18N).filter((f) => f.endsWith('en.json') && !f.startsWith('legal'))) {
      for (const key of flatten(JSON.parse(readFileSync(path.join(I18N, f), 'utf8')))) {
        expect({ key, files: [owners.get(key), f] }).toEqual({ key, files: [undefined, f] });
        owners.set(key, f);
      }
    }
  });

  it('German texts are not left in English', () => {
    const en = flatten(catalogs.en);
    const same = en.filter((k) => {
      const get = (c: Catalog) => k.split('.').reduce<unknown>((n, p) => (n as Catalog)?.[p], c);
      const a = get(catalogs.en);
      // Texts with real words only: "© {{year}} {{site}}" is the same in every language.
      const words = typeof a === 'string' ? a.replace(/\{\{\s*\w+\s*\}\}/g, '').replace(/[^A-Za-z]/g, '') : '';
      return words.length > 12 && a === get(catalogs.de);
    });
    expect(same).toEqual([]);
  });

  it('every call to sign up reads the same in a language', () => {
    // The buttons and links that open the sign-up (top bar, menus, dialog, chat, offers, free coins).
    const calls = [
      'navbar.signup',
      'sidemenu.signup',
      'bottomnav.signup',
      'incentive.signup',
      'users.signup2.title',
      'users.signup2.form.submit',
      'profile.members_only.signup',
      'free_coins.visitor.signup',
      'promos.signup',
      'showchat.signUp',
    ];
    const get = (c: Catalog, k: string) => k.split('.').reduce<unknown>((n, p) => (n as Catalog)?.[p], c);
    expect(Object.fromEntries(calls.map((k) => [k, get(catalogs.en, k)]))).toEqual(
      Object.fromEntries(calls.map((k) => [k, 'Sign up for free'])),
    );
    expect(Object.fromEntries(calls.map((k) => [k, get(catalogs.de, k)]))).toEqual(
      Object.fromEntries(calls.map((k) => [k, 'Kostenlos registrieren'])),
    );
  });

  // It reads every source file: seconds on a busy machine, not a sign of a fault.
  it('every key the code uses exists in both languages', { timeout: 30_000 }, () => {
    const used = new Set<string>();
    for (const file of [
      ...sourceFiles(path.join(ROOT, 'app')),
      ...sourceFiles(path.join(ROOT, 'server')),
      ...sourceFiles(path.join(ROOT, 'common')),
    ]) {
      const text = readFileSync(file, 'utf8');
      // Literal keys: t('a.b'), i18nKey="a.b", and message keys in schemas and errors ('errors.…').
      for (const m of text.matchAll(/\bt\(\s*['"]([a-z0-9_]+(?:\.[a-z0-9_]+)+)['"]/gi)) used.add(m[1] ?? '');
      for (const m of text.matchAll(/i18nKey=["']([a-z0-9_.]+)["']/gi)) used.add(m[1] ?? '');
      for (const m of text.matchAll(/['"](errors\.[a-z0-9_.]+)['"]/gi)) used.add(m[1] ?? '');
    }
    used.delete('');
    // The console's own field errors (`errors.console.…`) are worded by its screens (app/console/), not the site's catalogs.
    const siteKeys = [...used].filter((k) => !k.startsWith('legal:') && !k.startsWith('errors.console.'));
    const missing = siteKeys.filter((k) => !has(catalogs.en, k) || !has(catalogs.de, k));
    expect(missing).toEqual([]);
    expect(used.size).toBeGreaterThan(20);
  });
});
