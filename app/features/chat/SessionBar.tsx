import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatSessionState } from '#common/api/chat.ts';

/** One figure of the bar: a label for screen readers and phones alike, the value bold. */
function Figure({ children }: { children: ReactNode }) {
  return (
    <Typography component="li" variant="body2" sx={{ whiteSpace: 'nowrap' }}>
      {children}
    </Typography>
  );
}

/**
 * The running session at a glance: its kind, and for a paid one the minutes so far, the coins it
 * cost and its price per minute, as the heartbeats and the server's pushes tell (a free chat
 * counts no minutes); `tip` is the slot of a tip button. On phones a paid session's figures take a
 * row of their own below the kind and the tip, so they stay on one line.
 */
export function SessionBar({ state, tip }: { state: ChatSessionState; tip?: ReactNode }) {
  const { t } = useTranslation();
  const paid = state.pricePerMinute > 0;
  return (
    <Box
      component="section"
      aria-label={t('chatsession.bar.label')}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: { xs: 1, md: 2 }, px: 2, pb: 1 }}
    >
      <Chip
        label={t(`chatsession.kind.${state.kind}`)}
        color={state.kind === 'free' ? 'default' : 'secondary'}
        size="small"
        sx={{ fontWeight: 700, color: state.kind === 'free' ? 'inherit' : undefined }}
        variant={state.kind === 'free' ? 'outlined' : 'filled'}
      />
      <Box
        component="ul"
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          columnGap: { xs: 1.5, md: 2 },
          listStyle: 'none',
          m: 0,
          p: 0,
          // A free chat's one figure fits beside its kind.
          flex: paid ? { xs: '1 1 100%', sm: 1 } : 1,
          order: paid ? { xs: 1, sm: 0 } : 0,
        }}
      >
        {paid && <Figure>{t('chatsession.bar.minutes', { count: state.minutes })}</Figure>}
        {paid && <Figure>{t('chatsession.bar.coins', { count: state.coins })}</Figure>}
        <Figure>
          {paid ? t('chatsession.bar.price', { count: state.pricePerMinute }) : t('chatsession.bar.free')}
        </Figure>
      </Box>
      {tip && <Box sx={{ ml: 'auto' }}>{tip}</Box>}
    </Box>
  );
}
