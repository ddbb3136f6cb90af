import { Alert, AlertTitle } from '@mui/material';
import { type ReactNode, useEffect, useRef } from 'react';
import { ANCHOR_OFFSET } from './ContentLayout.tsx';

/**
 * The confirmation after a send. It takes the focus when it appears, so it is scrolled into
 * view (the button was further down) and read out.
 */
export function SentAlert({ title, children }: { title: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      severity="success"
      role="status"
      sx={{ width: '100%', scrollMarginTop: ANCHOR_OFFSET, '&:focus': { outline: 'none' } }}
    >
      <AlertTitle>{title}</AlertTitle>
      {children}
    </Alert>
  );
}
