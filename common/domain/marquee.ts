/** The spec's marquee durations (part 2, layout): a short overflow runs 4 s, a long one 10 s. */
export const MARQUEE_SHORT_SECONDS = 4;
export const MARQUEE_LONG_SECONDS = 10;

/**
 * How long one pass of a marquee takes: none when the text fits, 4 s when less than half of it is
 * hidden (a slower pass would crawl), else 10 s (a faster one could not be read).
 */
export function marqueeSeconds(textWidth: number, boxWidth: number): number | null {
  const hidden = textWidth - boxWidth;
  if (hidden <= 1 || boxWidth <= 0) return null;
  return hidden < textWidth / 2 ? MARQUEE_SHORT_SECONDS : MARQUEE_LONG_SECONDS;
}
