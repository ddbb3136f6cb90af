/** The client's build id baked in by Vite; empty where no build defines it (tests). */
export function clientBuildId(): string {
  return typeof __BUILD_ID__ === 'string' ? __BUILD_ID__ : '';
}
