import Diamond from '@mui/icons-material/Diamond';
import Favorite from '@mui/icons-material/Favorite';
import NotificationsActive from '@mui/icons-material/NotificationsActive';
import Star from '@mui/icons-material/Star';
import Box from '@mui/material/Box';
import type { ReactElement } from 'react';
import type { ReelSymbol as SymbolName } from '#common/domain/game.ts';

const ICON_SX = { fontSize: 'inherit', display: 'block' } as const;

/** The drawings of the reel symbols; the seven is a figure, the others icons. */
const DRAWINGS: Record<SymbolName, ReactElement> = {
  heart: <Favorite sx={{ ...ICON_SX, color: 'error.main' }} />,
  bell: <NotificationsActive sx={{ ...ICON_SX, color: 'warning.main' }} />,
  star: <Star sx={{ ...ICON_SX, color: 'warning.light' }} />,
  diamond: <Diamond sx={{ ...ICON_SX, color: 'info.main' }} />,
  seven: (
    <Box
      component="span"
      sx={{ display: 'block', fontWeight: 900, lineHeight: 1, color: 'error.main', fontFamily: 'Georgia, serif' }}
    >
      7
    </Box>
  ),
};

/** One symbol, decorative: the reels' label names the symbols for screen readers. */
export function ReelSymbol({ symbol, size }: { symbol: SymbolName; size: string | Record<string, string> }) {
  return (
    <Box
      aria-hidden
      sx={{
        fontSize: size,
        width: '1em',
        height: '1em',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
      }}
    >
      {DRAWINGS[symbol]}
    </Box>
  );
}
