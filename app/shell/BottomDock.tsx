import Box from '@mui/material/Box';
import { DRAWER_WIDTH } from '#common/constants.ts';
import { ConsentBanner } from './ConsentBanner.tsx';
import { IncentiveWidget } from './IncentiveWidget.tsx';

/**
 * Fixed bottom area above the bottom navigation: the incentive on the right, the consent
 * banner below it, stacked so that they never cover each other.
 */
export function BottomDock({ desktop, bottomOffset }: { desktop: boolean; bottomOffset: number }) {
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
        gap: 1.5,
        pointerEvents: 'none',
      }}
    >
      <IncentiveWidget />
      <ConsentBanner />
    </Box>
  );
}
