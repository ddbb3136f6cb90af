import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import type { Plugin } from 'vite';
import { WEB_APP_COLORS } from '#app/theme/web-app.ts';

/**
 * The installable web app's build (decision 067): a manifest per language (manifest.en and
 * manifest.de, texts from the catalogs) and the service worker /sw.js, compiled from
 * app/sw/service-worker.ts with the build's id and the app shell's hashed files (the entry chunk,
 * what it imports statically, and their CSS) to keep for an offline start.
 */
const ROOT = path.resolve(import.meta.dirname, '..');

type Catalog = { push: { manifest: { name: string; short_name: string; description: string } } };
const catalog = (lang: string): Catalog =>
  JSON.parse(readFileSync(path.join(ROOT, 'common', 'i18n', `${lang}.json`), 'utf8'));

export function webAppManifest(lang: 'en' | 'de') {
  const texts = catalog(lang).push.manifest;
  return {
    id: '/',
    name: texts.name,
    short_name: texts.short_name,
    description: texts.description,
    lang,
    start_url: '/?source=app',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: WEB_APP_COLORS.theme,
    background_color: WEB_APP_COLORS.background,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

/**
 * The theme-color meta of index.html, from app/theme (no colour is written in the page itself):
 * the browser's bar and the installed app's title bar take the top bar's colour, in the dev
 * server and the build alike.
 */
export const themeColorMeta: Plugin = {
  name: 'theme-color-meta',
  transformIndexHtml: {
    order: 'pre',
    handler: () => [{ tag: 'meta', attrs: { name: 'theme-color', content: WEB_APP_COLORS.theme }, injectTo: 'head' }],
  },
};

type Chunk = {
  type: 'chunk';
  isEntry: boolean;
  fileName: string;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
};
type Asset = { type: 'asset'; fileName: string };

export const webAppBuild = (buildId: string): Plugin => ({
  name: 'web-app',
  apply: 'build',
  generateBundle(_options, bundle) {
    for (const lang of ['en', 'de'] as const) {
      this.emitFile({
        type: 'asset',
        fileName: `manifest.${lang}.webmanifest`,
        source: JSON.stringify(webAppManifest(lang), null, 2),
      });
    }
    const files = bundle as unknown as Record<string, Chunk | Asset>;
    const shell = new Set<string>();
    const visit = (name: string) => {
      const chunk = files[name];
      if (chunk?.type !== 'chunk' || shell.has(`/${name}`)) return;
      shell.add(`/${name}`);
      for (const css of chunk.viteMetadata?.importedCss ?? []) shell.add(`/${css}`);
      for (const next of chunk.imports) visit(next);
    };
    for (const [name, chunk] of Object.entries(files)) if (chunk.type === 'chunk' && chunk.isEntry) visit(name);
    const source = readFileSync(path.join(ROOT, 'app', 'sw', 'service-worker.ts'), 'utf8');
    const js = ts.transpileModule(source, {
      compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, removeComments: false },
    }).outputText;
    const head = `const BUILD = ${JSON.stringify(buildId)};\nconst PRECACHE = ${JSON.stringify([...shell].sort())};\n`;
    this.emitFile({ type: 'asset', fileName: 'sw.js', source: head + js.replace(/^export \{\};?\s*$/m, '') });
  },
});
