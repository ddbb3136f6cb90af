import CollectionsIcon from '@mui/icons-material/Collections';
import MailIcon from '@mui/icons-material/Mail';
import PhoneInTalkIcon from '@mui/icons-material/PhoneInTalk';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { openConversationLink } from '#app/features/messages/open-conversation.ts';
import { usePublicConfig, useSessionState } from '#app/features/session/api.ts';
import type { ShowDetail } from '#common/api/shows.ts';
import { type PhoneChatState, phoneChatDialString, phoneChatState } from '#common/domain/phone-chat.ts';
import { formatPrice } from '#common/domain/voicecall.ts';

/**
 * The call-me box of a show with phone chat: the phone-chat line's number with her extension (a
 * `tel:` link that keys the extension in after a pause), the price per minute the carrier bills,
 * and her phone state, which follows show:bulkupdate live. No coins: the phone bill pays.
 */
export function CallMeBox({ show }: { show: ShowDetail }) {
  const { t, i18n } = useTranslation();
  const { session } = useSessionState();
  const { phone_chat: line } = usePublicConfig();
  // No line runs (PHONE_CHAT_PROVIDER=none): no number to offer, whatever the show says.
  if (!line || !show.phoneChat || !show.phoneExtension || session.voicecall) return null;
  const state = phoneChatState(show);
  const price = formatPrice(line.price_per_minute_cents, line.currency, i18n.language.startsWith('de') ? 'de' : 'en');
  const vars = { name: show.showName };
  return (
    <Paper variant="outlined" component="section" aria-labelledby="call-me" sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <PhoneInTalkIcon color="secondary" aria-hidden />
        <Typography id="call-me" component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {t('shows.page.call_title', vars)}
        </Typography>
      </Box>
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Box
          aria-hidden
          sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: STATE_COLOR[state], flexShrink: 0 }}
        />
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {t(`shows.page.phone_state.${state}`, vars)}
        </Typography>
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t('shows.page.call_how', vars)}
      </Typography>
      <Button
        href={`tel:${phoneChatDialString(line.number, show.phoneExtension)}`}
        variant={state === 'available' ? 'contained' : 'outlined'}
        color="secondary"
        size="large"
        fullWidth
        startIcon={<PhoneInTalkIcon />}
        aria-label={t('shows.page.call_link', { ...vars, number: line.number, extension: show.phoneExtension })}
        sx={{ mt: 1.5, flexDirection: 'column', alignItems: 'center', lineHeight: 1.3 }}
      >
        <span>{line.number}</span>
        <Typography component="span" variant="body2" sx={{ fontWeight: 700 }}>
          {t('shows.page.call_extension', { extension: show.phoneExtension })}
        </Typography>
      </Button>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        {t('shows.page.call_price', { price })}
      </Typography>
    </Paper>
  );
}

const STATE_COLOR: Record<PhoneChatState, string> = {
  available: 'success.main',
  connecting: 'warning.main',
  busy: 'error.main',
  off: 'text.disabled',
};

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

/**
 * "Write a message": her conversation in a dialog over this page (#open-conversation), a new one
 * while none exists; visitors get the sign-in dialog first.
 */
export function WriteMessageButton({ show }: { show: ShowDetail }) {
  const { t } = useTranslation();
  const { session } = useSessionState();
  const location = useLocation();
  if (session.voicecall) return null;
  return (
    <Button
      component={RouterLink}
      {...openConversationLink(location)}
      aria-haspopup="dialog"
      variant="outlined"
      startIcon={<MailIcon />}
      fullWidth
    >
      {t('messages.write', { name: show.showName })}
    </Button>
  );
}
