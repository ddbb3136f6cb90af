import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#app/http.ts';
import { i18n } from '#app/i18n.ts';
import type { StudioPicture } from '#common/api/studio-messages.ts';
import { MESSAGE_ATTACHMENT_COINS_MAX, MESSAGE_BODY_MAX } from '#common/constants.ts';
import { useStudioReply } from './inbox-api.ts';
import { StudioPicturePicker } from './StudioPicturePicker.tsx';

const newKey = () => `reply-${crypto.randomUUID()}`;

/** Why a reply failed, as a text of the catalogue. */
function failureKey(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 429) return 'errors.throttle';
    const key = Object.keys(err.body?.errors ?? {})[0] ?? '';
    if (key.startsWith('messages.') && i18n.exists(key)) return key;
  }
  return 'studio.inbox.failed';
}

const coinsOf = (text: string) => (/^\d{1,4}$/.test(text) ? Number(text) : null);

/** Her reply: plain text, and a picture of her galleries with the coins it costs to unlock. */
export function StudioReplyBox({ id, disabled }: { id: number; disabled: boolean }) {
  const { t } = useTranslation();
  const reply = useStudioReply(id);
  const [body, setBody] = useState('');
  const [picture, setPicture] = useState<StudioPicture | null>(null);
  const [coins, setCoins] = useState('0');
  const [picking, setPicking] = useState(false);
  // One key per reply: kept while she retries the same one, new once it went out.
  const key = useRef(newKey());
  const price = coinsOf(coins);
  const priceOk = picture === null || (price !== null && price <= MESSAGE_ATTACHMENT_COINS_MAX);

  const send = (e: FormEvent) => {
    e.preventDefault();
    if (!body.trim() || !priceOk || reply.isPending) return;
    const attachment = picture && price !== null ? { imageId: picture.imageId, coins: price } : undefined;
    reply.mutate(
      { body: attachment ? { body, attachment } : { body }, key: key.current },
      {
        onSuccess: () => {
          key.current = newKey();
          setBody('');
          setPicture(null);
          setCoins('0');
        },
      },
    );
  };

  return (
    <Stack component="form" noValidate onSubmit={send} spacing={1.5} sx={{ mt: 2 }}>
      {disabled ? null : (
        <TextField
          label={t('studio.inbox.reply_label')}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          multiline
          minRows={2}
          maxRows={8}
          fullWidth
          slotProps={{ htmlInput: { maxLength: MESSAGE_BODY_MAX } }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) send(e);
          }}
        />
      )}
      {picture && !disabled && (
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
          <Box
            component="img"
            src={picture.thumb}
            alt={t('studio.inbox.picture_of', { gallery: picture.gallery })}
            sx={{ width: 96, aspectRatio: '4 / 3', borderRadius: 1 }}
          />
          <TextField
            size="small"
            label={t('studio.inbox.price_label')}
            value={coins}
            onChange={(e) => setCoins(e.target.value)}
            error={!priceOk}
            helperText={
              priceOk
                ? t('studio.inbox.price_hint')
                : t('errors.validations.whole_number_range', { min: 0, max: MESSAGE_ATTACHMENT_COINS_MAX })
            }
            slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
            sx={{ width: 200 }}
          />
          <IconButton onClick={() => setPicture(null)} aria-label={t('studio.inbox.remove_picture')}>
            <CloseIcon />
          </IconButton>
        </Box>
      )}
      {reply.isError && (
        <Alert severity="error" role="alert">
          {t(failureKey(reply.error))}
        </Alert>
      )}
      {!disabled && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button type="submit" variant="contained" loading={reply.isPending} disabled={!body.trim() || !priceOk}>
            {t('studio.inbox.send')}
          </Button>
          <Button startIcon={<AddPhotoAlternateIcon />} onClick={() => setPicking(true)}>
            {t('studio.inbox.attach')}
          </Button>
        </Box>
      )}
      <StudioPicturePicker
        open={picking}
        onClose={() => setPicking(false)}
        onPick={(p) => {
          setPicture(p);
          setPicking(false);
        }}
      />
    </Stack>
  );
}
