import { isSemver, UNKNOWN_VERSION } from '#common/domain/semver.ts';

/**
 * This bundle's semantic version (package.json's when it was built). A tab opened before an
 * update keeps reporting the version it runs, not the server's newer one. Anything that is no
 * semantic version (which the server would refuse in an error log) becomes the placeholder.
 */
export function clientVersion(): string {
  return typeof __APP_VERSION__ === 'string' && isSemver(__APP_VERSION__) ? __APP_VERSION__ : UNKNOWN_VERSION;
}

/** The client's build id baked in by Vite; empty where no build defines it (tests). */
export function clientBuildId(): string {
  return typeof __BUILD_ID__ === 'string' ? __BUILD_ID__ : '';
}
