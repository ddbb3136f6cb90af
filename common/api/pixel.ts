import { z } from 'zod';
import { COUNTER_PIXEL_WEBSITE_ID } from '#common/constants.ts';

/**
 * A host name as the address bar shows it (no port, no scheme): labels of letters, digits,
 * hyphens; or [::1], the IPv6 loopback a local site answers to too.
 */
const hostName = z
  .string()
  .max(253)
  .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$|^\[::1\]$/i);

const id = z
  .string()
  .regex(/^[1-9]\d{0,9}$/)
  .transform(Number)
  .pipe(z.number().int().max(2_147_483_647));

/**
 * The counter pixel's query (spec part 1, section 7): webid, session, websiteid, noredirect, host
 * and an optional mid. All arrive as strings; anything else is ignored.
 */
export const pixelQuery = z.object({
  webid: id,
  session: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  websiteid: z.literal(String(COUNTER_PIXEL_WEBSITE_ID)).transform(Number),
  /** 1: answer the image here rather than redirecting to the counter's image host. */
  noredirect: z.literal('1'),
  host: hostName,
  mid: id.optional(),
});
export type PixelQuery = z.input<typeof pixelQuery>;
