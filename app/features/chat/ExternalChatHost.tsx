import ChatIcon from '@mui/icons-material/Chat';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { lazyPart } from '#app/lazy-page.ts';
import { HASH } from '#app/platform/hash-dialogs.ts';
import type { ShowDetail } from '#common/api/shows.ts';
import { isPartnerProvider } from '#common/constants.ts';

const ExternalChatFrame = lazyPart(() => import('./ExternalChatFrame.tsx').then((m) => m.ExternalChatFrame));

/** A show whose provider runs its chat (spec part 2 section 4: contentproviderId above 1). */
export const isExternalShow = (show: Pick<ShowDetail, 'contentproviderId'>) =>
  isPartnerProvider(show.contentproviderId);

/**
 * The way into an external show's chat: a button while she is online, and the provider's frame in
 * the chat overlay while the hash is #enter_chat (the frame opens and extends the provider's
 * session; closing the overlay ends it).
 */
export function ExternalChatHost({ show }: { show: ShowDetail }) {
  const { t } = useTranslation();
  const { hash, search } = useLocation();
  const navigate = useNavigate();
  const phone = useMediaQuery((theme) => theme.breakpoints.down('md'));
  const open = hash === HASH.enterChat && show.online;
  const close = () => void navigate({ search, hash: '' }, { replace: true });
  const titleId = `external-chat-${show.universalId}`;
  return (
    <>
      {show.online && (
        <Button
          variant="contained"
          size="large"
          startIcon={<ChatIcon />}
          onClick={() => void navigate({ search, hash: HASH.enterChat })}
          sx={{ justifySelf: 'start' }}
        >
          {t('external_chat.open', { name: show.showName })}
        </Button>
      )}
      {open && (
        <Dialog open onClose={close} fullScreen={phone} maxWidth="lg" fullWidth aria-labelledby={titleId}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1 }}>
            <Typography id={titleId} variant="h6" component="h2" sx={{ flex: 1, minWidth: 0 }} noWrap>
              {show.showName}
            </Typography>
            <IconButton aria-label={t('external_chat.close')} onClick={close}>
              <CloseIcon />
            </IconButton>
          </Box>
          <Box sx={{ flex: 1, minHeight: { xs: 0, md: '70vh' }, display: 'flex' }}>
            <Suspense fallback={null}>
              <ExternalChatFrame show={show} />
            </Suspense>
          </Box>
        </Dialog>
      )}
    </>
  );
}
