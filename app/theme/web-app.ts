/**
 * The installed web app's colours (its manifest, the theme-color meta): the default layout's
 * (redhot) top bar and background, as in PALETTES (themes.ts); scripts/web-app-build.ts writes them
 * into the manifests and index.html's theme-color meta. Plain values without imports, so the build configuration can read them.
 */
export const WEB_APP_COLORS = { theme: '#b71c1c', background: '#121212' } as const;
