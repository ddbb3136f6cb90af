import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogs } from '#common/i18n/catalogs.ts';
import shellDe from '#common/i18n/shell.de.json';
import shellEn from '#common/i18n/shell.en.json';

type Tree = { [k: string]: string | Tree };
const leaves = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : leaves(v, `${prefix}${k}.`)));

const has = (tree: Tree, key: string) => {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (node !== undefined) return true;
  // plural forms: key_one / key_other
  const last = key.split('.').pop() ?? '';
  const parent = key
    .split('.')
    .slice(0, -1)
    .reduce<string | Tree | undefined>((n, p) => (typeof n === 'object' ? n[p] : undefined), tree);
  return typeof parent === 'object' && `${last}_other` in parent;
};

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sources(path.join(dir, e.name))
      : /\.tsx?$/.test(e.name) && !e.name.includes('.test.')
        ? [path.join(dir, e.name)]
        : [],
  );

describe('shell catalogs', () => {
  it('have the same keys in English and German', () => {
    expect(leaves(shellDe as Tree).sort()).toEqual(leaves(shellEn as Tree).sort());
  });

  it('hold every literal key the shell uses', () => {
    const root = path.resolve(import.meta.dirname, '..');
    const files = sources(path.join(root, 'shell'));
    const keys = new Set<string>();
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\b(?:t\(|i18nKey=|label: )'([a-z_]+\.[a-z0-9_.]+)'/g)) if (m[1]) keys.add(m[1]);
    }
    expect(keys.size).toBeGreaterThan(40);
    for (const key of keys) {
      expect(has(catalogs.en as Tree, key), `en: ${key}`).toBe(true);
      expect(has(catalogs.de as Tree, key), `de: ${key}`).toBe(true);
    }
  });
});
