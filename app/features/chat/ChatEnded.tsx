import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { VIDEO } from '#app/theme/video.ts';
import type { ChatSessionState } from '#common/api/chat.ts';
import { useAlertText } from './ChatAlertDialog.tsx';
import { endAlert } from './chat-alert.ts';

/**
 * Where the video was, once the session ended: why (out of coins, her going offline, the free
 * time used up ...), the way to buy coins when they ran out, and closing the chat.
 */
export function ChatEnded({
  state,
  showName,
  onClose,
}: {
  state: ChatSessionState;
  showName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const text = useAlertText();
  const alert = endAlert(state.endReason, showName);
  return (
    <Box
      role="alert"
      data-end-reason={state.endReason ?? 'stopped'}
      sx={{
        display: 'grid',
        // On phones the show's chat lies over the lower part: the reason stays above it.
        alignContent: { xs: 'start', md: 'center' },
        justifyContent: 'center',
        justifyItems: 'center',
        gap: 1.5,
        p: 3,
        pt: { xs: 6, md: 3 },
        textAlign: 'center',
        minHeight: 200,
        bgcolor: VIDEO.frame,
        color: VIDEO.text,
      }}
    >
      <Typography variant="h6" component="p">
        {text(alert.title, alert.vars, 'chatsession.ended.title')}
      </Typography>
      <Typography sx={{ maxWidth: '44ch' }}>{text(alert.message, alert.vars, 'chatsession.ended.message')}</Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'center' }}>
        {alert.action && (
          <Button component={RouterLink} to={alert.action.to} variant="contained">
            {t(alert.action.label)}
          </Button>
        )}
        <Button variant="outlined" color="inherit" onClick={onClose}>
          {t('chatsession.ended.close')}
        </Button>
      </Box>
    </Box>
  );
}
