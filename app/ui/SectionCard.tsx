import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * One section of a page (settings, favorites, orders, ...) on its own card, with its heading; `id`
 * is the card's anchor, so a link ending in #your-data opens the page at that card. The browser's
 * own jump to the anchor happens before the page has drawn its cards, so the card scrolls itself
 * into view when it appears with the address naming it (below the fixed top bar).
 */
export function SectionCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const { hash } = useLocation();
  const ref = useRef<HTMLElement>(null);
  const named = hash === `#${id}`;
  useEffect(() => {
    if (named) ref.current?.scrollIntoView?.({ block: 'start' });
  }, [named]);
  return (
    <Paper
      ref={ref}
      component="section"
      id={id}
      aria-labelledby={`${id}-title`}
      sx={(theme) => ({ p: { xs: 2, sm: 3 }, scrollMarginTop: theme.spacing(10) })}
    >
      <Typography id={`${id}-title`} component="h2" variant="h6" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}
