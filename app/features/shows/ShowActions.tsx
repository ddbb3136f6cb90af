import CollectionsIcon from '@mui/icons-material/Collections';
import PhoneInTalkIcon from '@mui/icons-material/PhoneInTalk';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useSessionState } from '#app/features/session/api.ts';
import { VOICECALL_AGECHECK_TARGET, VOICECALL_TARGET } from '#app/shell/side-menu-items.ts';
import type { ShowDetail } from '#common/api/shows.ts';

/**
 * The call-me box of a show with phone chat: while she is online a prominent button starts the
 * voice call as the side menu does (billing by phone, after the age check when it is still due);
 * while she is offline it says when a call is possible.
 */
export function CallMeBox({ show }: { show: ShowDetail }) {
  const { t } = useTranslation();
  const { session } = useSessionState();
  if (!show.features.phoneChat || session.voicecall) return null;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="call-me" sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <PhoneInTalkIcon color="secondary" aria-hidden />
        <Typography id="call-me" component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {t('shows.page.call_title', { name: show.showName })}
        </Typography>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: show.online ? 1.5 : 0 }}>
        {t(show.online ? 'shows.page.call_text' : 'shows.page.call_offline', { name: show.showName })}
      </Typography>
      {show.online && (
        <Button
          component={RouterLink}
          to={session.agechecked ? VOICECALL_TARGET : VOICECALL_AGECHECK_TARGET}
          variant="contained"
          color="secondary"
          size="large"
          fullWidth
          startIcon={<PhoneInTalkIcon />}
        >
          {t('shows.page.call_button', { name: show.showName })}
        </Button>
      )}
    </Paper>
  );
}

/** The link to the show's free gallery, when she has one. */
export function FreeGalleryLink({ show }: { show: ShowDetail }) {
  const { t } = useTranslation();
  if (show.freeGalleryId === null) return null;
  return (
    <Button
      component={RouterLink}
      to={`/galleries/pictures/${encodeURIComponent(show.universalId)}/${show.freeGalleryId}`}
      variant={show.online ? 'contained' : 'outlined'}
      startIcon={<CollectionsIcon />}
      fullWidth
    >
      {t('shows.page.free_gallery')}
    </Button>
  );
}
