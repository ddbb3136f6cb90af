/** The build id Vite bakes into the bundle; compared with the server's x-version. */
declare const __BUILD_ID__: string;
/** package.json's semantic version, baked in by Vite (and by vitest's config): this bundle's own. */
declare const __APP_VERSION__: string;
