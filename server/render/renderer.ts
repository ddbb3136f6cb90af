import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** The server entry of the web app (app/entry-server.tsx), built by `vite build --ssr` or imported as source in tests. */
export type PageRenderer = Pick<
  typeof import('#app/entry-server.tsx'),
  'renderPage' | 'isServerRendered' | 'serverRouteName' | 'routeGuard'
>;
export type { PageHead, PageRequest, ShellPrefs, SsrState } from '#app/entry-server.tsx';

/** Where the build puts the server entry: beside the browser build (APP_DIR), never inside what is served. */
export const serverEntryPath = (appDir: string) => `${appDir}-ssr${path.sep}entry-server.js`;

/**
 * The built server entry, or null when there is none (a development server without a build), when
 * it is older than the browser build (the two would not render the same page: rebuild both with
 * `npm run build`), or when it cannot be loaded. Without it every page is drawn in the browser.
 */
export async function loadBuiltRenderer(appDir: string, warn: (message: string) => void): Promise<PageRenderer | null> {
  const file = serverEntryPath(appDir);
  if (!existsSync(file)) return null;
  const index = path.join(appDir, 'index.html');
  if (existsSync(index) && statSync(index).mtimeMs > statSync(file).mtimeMs) {
    warn('the server renderer is older than the web app build: pages are drawn in the browser until `npm run build`');
    return null;
  }
  try {
    return (await import(pathToFileURL(file).href)) as PageRenderer;
  } catch (err) {
    warn(`the server renderer could not be loaded (${String(err)}): pages are drawn in the browser`);
    return null;
  }
}
