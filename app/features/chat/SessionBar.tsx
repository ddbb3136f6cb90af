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
 * The running session at a glance: its kind, the minutes so far, the coins it cost and its price
 * per minute, as the heartbeats and the server's pushes tell; `tip` is the slot of a tip button.
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
        sx={{ display: 'flex', flexWrap: 'wrap', gap: { xs: 1, md: 2 }, listStyle: 'none', m: 0, p: 0, flex: 1 }}
      >
        <Figure>{t('chatsession.bar.minutes', { count: state.minutes })}</Figure>
        {paid && <Figure>{t('chatsession.bar.coins', { count: state.coins })}</Figure>}
        <Figure>
          {paid ? t('chatsession.bar.price', { count: state.pricePerMinute }) : t('chatsession.bar.free')}
        </Figure>
      </Box>
      {tip}
    </Box>
  );
}
