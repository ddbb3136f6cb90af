import LockIcon from '@mui/icons-material/Lock';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { MessageAttachment as Attachment, Message } from '#common/api/messages.ts';
import { messageErrorKey, useUnlockAttachment } from './actions.ts';

/**
 * A picture the performer attached: blurred while locked, with "unlock for N coins"; a refusal
 * (too few coins: a link to buy some) shows beside it.
 */
export function MessageAttachment({ message, attachment }: { message: Message; attachment: Attachment }) {
  const { t } = useTranslation();
  const unlock = useUnlockAttachment(message);
  const locked = !attachment.unlocked && attachment.coins > 0;
  const error = unlock.isError ? messageErrorKey(unlock.error) : null;
  const ratio = attachment.width && attachment.height ? `${attachment.width} / ${attachment.height}` : '4 / 3';
  return (
    <Box sx={{ mt: 1 }}>
      <Box sx={{ position: 'relative', overflow: 'hidden', borderRadius: 1, maxWidth: 320 }}>
        <Box
          component="img"
          src={attachment.url}
          alt={t(locked ? 'messages.attachment.locked_alt' : 'messages.attachment.alt')}
          loading="lazy"
          sx={{
            display: 'block',
            width: '100%',
            aspectRatio: ratio,
            objectFit: 'cover',
            filter: locked ? 'blur(12px)' : undefined,
            transform: locked ? 'scale(1.1)' : undefined,
          }}
        />
        {locked && (
          <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}>
            <Button
              variant="contained"
              color="secondary"
              startIcon={<LockIcon />}
              loading={unlock.isPending}
              onClick={() => unlock.mutate()}
            >
              {t('messages.attachment.unlock', { count: attachment.coins })}
            </Button>
          </Box>
        )}
      </Box>
      {error && (
        <Alert severity={error === 'messages.no_coins' ? 'warning' : 'error'} sx={{ mt: 1 }}>
          {t(error)}{' '}
          {error === 'messages.no_coins' && (
            <Link component={RouterLink} to="/billing" color="inherit" sx={{ fontWeight: 600 }}>
              {t('messages.buy_coins')}
            </Link>
          )}
        </Alert>
      )}
    </Box>
  );
}
