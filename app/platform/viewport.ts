/**
 * The width a server-rendered page is laid out for before the browser has measured its own: the
 * server guesses the device from the request (`guessDevice`), renders for that width, and the
 * browser hydrates with the same guess before its media queries take over. A wrong guess costs
 * one re-layout after hydration, never a hydration mismatch.
 */
export type Device = 'phone' | 'desktop';

export const DEVICE_WIDTH: Record<Device, number> = { phone: 390, desktop: 1280 };

export const isDevice = (v: unknown): v is Device => v === 'phone' || v === 'desktop';

/** Phones and small tablets by their client hints or user agent; everything else is a desktop. */
export function guessDevice(headers: { mobileHint?: string | undefined; userAgent?: string | undefined }): Device {
  if (headers.mobileHint === '?1') return 'phone';
  if (headers.mobileHint === '?0') return 'desktop';
  return /Mobi|Android|iPhone|iPod|Opera Mini|IEMobile/i.test(headers.userAgent ?? '') ? 'phone' : 'desktop';
}

/**
 * Evaluates the width queries MUI's breakpoints produce (`(min-width:960px)`,
 * `(max-width:599.95px)`, joined by `and`) for a given viewport width; any other feature
 * (orientation, reduced motion) does not match, as a server cannot know it.
 */
export function matchesWidth(query: string, width: number): boolean {
  const parts = query
    .replace(/^@media\s*/i, '')
    .split(/\s+and\s+/i)
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0) return false;
  return parts.every((part) => {
    const m = /^\(\s*(min|max)-width\s*:\s*([\d.]+)px\s*\)$/i.exec(part);
    if (!m) return false;
    const limit = Number(m[2]);
    return m[1]?.toLowerCase() === 'min' ? width >= limit : width <= limit;
  });
}

/** MUI's `ssrMatchMedia` for a device: what `useMediaQuery` answers on the server and while hydrating. */
export const ssrMatchMedia = (device: Device) => (query: string) => ({
  matches: matchesWidth(query, DEVICE_WIDTH[device]),
});
