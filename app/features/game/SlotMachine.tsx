import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { keyframes } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { REEL_SYMBOLS, type Reels } from '#common/domain/game.ts';
import { ReelSymbol } from './ReelSymbol.tsx';

const SIZE = { xs: '3.5rem', sm: '5rem' };
/** The strip runs through the symbols twice, so moving it by half loops without a jump. */
const roll = keyframes`from { transform: translateY(-50%); } to { transform: translateY(0); }`;
const STRIP = [...REEL_SYMBOLS, ...REEL_SYMBOLS];

/**
 * The three reels. `stopped` is how many reels (from the left) show their result; the others roll
 * (never with reduced motion: the page stops them all at once). The symbols are drawn for the
 * eye; the label names them for screen readers, and says when the reels are rolling.
 */
export function SlotMachine({ reels, stopped }: { reels: Reels; stopped: number }) {
  const { t } = useTranslation();
  const rolling = stopped < reels.length;
  const names = reels.map((s) => t(`game.symbols.${s}`));
  return (
    <Paper
      role="img"
      aria-label={rolling ? t('game.reels_rolling') : t('game.reels_label', { a: names[0], b: names[1], c: names[2] })}
      elevation={6}
      sx={{
        display: 'flex',
        justifyContent: 'center',
        gap: { xs: 1, sm: 2 },
        p: { xs: 1.5, sm: 2.5 },
        bgcolor: 'primary.main',
        borderRadius: 4,
        width: 'fit-content',
        mx: 'auto',
      }}
    >
      {reels.map((symbol, i) => (
        <Box
          // biome-ignore lint/suspicious/noArrayIndexKey: the reels are positions, fixed in number and order
          key={i}
          sx={{
            bgcolor: 'background.paper',
            borderRadius: 2,
            overflow: 'hidden',
            height: { xs: '5rem', sm: '7rem' },
            width: { xs: '5rem', sm: '7rem' },
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            border: 3,
            borderColor: 'primary.dark',
          }}
        >
          {i < stopped ? (
            <ReelSymbol symbol={symbol} size={SIZE} />
          ) : (
            <Box
              data-testid="rolling-reel"
              sx={{
                alignSelf: 'flex-start',
                animation: `${roll} ${0.45 + i * 0.08}s linear infinite`,
                filter: 'blur(1.5px)',
              }}
            >
              {STRIP.map((s, k) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a fixed strip, every symbol twice
                <Box key={k} sx={{ py: 1, display: 'flex', justifyContent: 'center' }}>
                  <ReelSymbol symbol={s} size={SIZE} />
                </Box>
              ))}
            </Box>
          )}
        </Box>
      ))}
    </Paper>
  );
}
