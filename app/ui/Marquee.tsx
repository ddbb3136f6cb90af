import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type CSSProperties, type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { marqueeSeconds } from '#common/domain/marquee.ts';

/** The class of the element whose hover or keyboard focus runs the marquees inside it (a tile). */
export const MARQUEE_HOST = 'marquee-host';

// From the start to the hidden end and back (alternate), with a pause at each end.
const run = keyframes`
  0%, 15% { transform: translateX(0); }
  85%, 100% { transform: translateX(var(--marquee-shift)); }
`;

/**
 * One line of text that ends in an ellipsis when it does not fit; while its host (MARQUEE_HOST) is
 * hovered or focused it runs to its hidden end and back, 4 or 10 s a pass (common/domain/marquee.ts).
 * A reader set to reduce motion keeps the ellipsis; the whole text is always there for screen readers.
 */
export function Marquee({ children }: { children: ReactNode }) {
  const box = useRef<HTMLSpanElement>(null);
  const text = useRef<HTMLSpanElement>(null);
  const still = useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
  const [pass, setPass] = useState<{ seconds: number; shift: number } | null>(null);

  useLayoutEffect(() => {
    const outer = box.current;
    const inner = text.current;
    if (!outer || !inner || still) {
      setPass(null);
      return;
    }
    const measure = () => {
      const seconds = marqueeSeconds(inner.scrollWidth, outer.clientWidth);
      setPass(seconds === null ? null : { seconds, shift: outer.clientWidth - inner.scrollWidth });
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(outer);
    return () => observer.disconnect();
  }, [still]);

  return (
    <Box
      component="span"
      ref={box}
      data-marquee={pass?.seconds}
      style={pass ? ({ '--marquee-shift': `${pass.shift}px` } as CSSProperties) : undefined}
      sx={{
        display: 'block',
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        whiteSpace: 'nowrap',
        ...(pass && {
          [`.${MARQUEE_HOST}:hover &, .${MARQUEE_HOST}:focus-within &`]: {
            textOverflow: 'clip',
            '& > span': {
              display: 'inline-block',
              animation: `${run} ${pass.seconds}s ease-in-out infinite alternate`,
            },
          },
        }),
        '@media (prefers-reduced-motion: reduce)': { '& > span': { animation: 'none' } },
      }}
    >
      <span ref={text}>{children}</span>
    </Box>
  );
}
