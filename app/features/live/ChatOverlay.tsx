import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { ShowChat } from '#app/features/showchat/ShowChat.tsx';
import { VIDEO } from '#app/theme/video.ts';
import type { ShowDetail } from '#common/api/shows.ts';
import { LivePlayer } from './LivePlayer.tsx';

/**
 * The chat overlay of a show (spec part 2: open while the location hash is #enter_chat): the live
 * video with the show's chat beside it on a desktop, over it on a phone.
 */
export function ChatOverlay({ show, onClose }: { show: ShowDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = useMediaQuery((theme) => theme.breakpoints.down('md'));
  const titleId = `live-title-${show.universalId}`;
  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={phone}
      maxWidth="lg"
      fullWidth
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { bgcolor: VIDEO.dialog, color: VIDEO.text, height: { md: '80vh' } } } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1 }}>
        <Typography id={titleId} variant="h6" component="h2" sx={{ flex: 1, minWidth: 0 }} noWrap>
          {show.showName}
        </Typography>
        <IconButton aria-label={t('live.close')} onClick={onClose} sx={{ color: 'inherit' }}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Box
        sx={{
          flex: 1,
          minHeight: 0,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' },
          position: 'relative',
        }}
      >
        <LivePlayer universalId={show.universalId} showName={show.showName} sound={show.features.sound} />
        <Box
          component="section"
          aria-label={t('live.chat_title')}
          sx={{
            minHeight: 0,
            bgcolor: { xs: VIDEO.scrim, md: 'background.paper' },
            color: { md: 'text.primary' },
            position: { xs: 'absolute', md: 'static' },
            left: 0,
            right: 0,
            bottom: 56,
            height: { xs: '42%', md: 'auto' },
            display: 'flex',
            flexDirection: 'column',
          }}
        >
          <ShowChat showId={show.universalId} as="viewer" />
        </Box>
      </Box>
    </Dialog>
  );
}
