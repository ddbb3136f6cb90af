import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** The server entry of the web app (app/entry-server.tsx), built by `vite build --ssr` or imported as source in tests. */
export type PageRenderer = Pick<
  typeof import('#app/entry-server.tsx'),
  'renderPage' | 'isServerRendered' | 'serverRouteName' | 'routeGuard'
>;
export type { PageHead, PageRequest, RenderedPage, ShellPrefs, SsrState } from '#app/entry-server.tsx';

/** Where the build puts the server entry: beside the browser build (APP_DIR), never inside what is served. */
export const serverEntryPath = (appDir: string) => `${appDir}-ssr${path.sep}entry-server.js`;

/** The built server entry, or null when there is none (a development server without a build). */
export async function loadBuiltRenderer(appDir: string): Promise<PageRenderer | null> {
  const file = serverEntryPath(appDir);
  if (!existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as PageRenderer;
}
