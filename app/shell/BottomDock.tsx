import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { IncentiveWidget } from '#app/features/promos/IncentiveWidget.tsx';
import { DRAWER_WIDTH } from '#common/constants.ts';
import { ConsentBanner } from './ConsentBanner.tsx';

type DockProps = { desktop: boolean; bottomOffset: number };

/** A fixed area at the bottom, above the bottom navigation and beside the permanent side menu. */
function BottomDock({ desktop, bottomOffset, children }: DockProps & { children: ReactNode }) {
  return (
    <Box
      sx={{
        position: 'fixed',
        right: 16,
        left: desktop ? DRAWER_WIDTH + 16 : 16,
        bottom: 16 + bottomOffset,
        zIndex: (theme) => theme.zIndex.speedDial,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'flex-end',
        pointerEvents: 'none',
      }}
    >
      {children}
    </Box>
  );
}

/** The consent banner at the bottom; the layout puts it first in the page, so it is early in the Tab order. */
export function ConsentDock(props: DockProps) {
  return (
    <BottomDock {...props}>
      <ConsentBanner />
    </BottomDock>
  );
}

/** The sign-up incentive (gift button and offer) at the bottom right. */
export function IncentiveDock(props: DockProps) {
  return (
    <BottomDock {...props}>
      <IncentiveWidget />
    </BottomDock>
  );
}
