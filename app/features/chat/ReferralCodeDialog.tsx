import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { rufBody } from '#common/api/chat.ts';
import { useReferralStream } from './referral.ts';

const CODE_MAX = 40;

/**
 * The referral code form: a valid code opens the show's stream as a free session and goes to
 * her page with the chat open (#enter_chat); any failure marks the code invalid.
 */
export function ReferralCodeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const stream = useReferralStream();
  const [code, setCode] = useState('');
  const titleId = useId();
  const ready = rufBody.safeParse({ code }).success;
  const invalid = stream.isError;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!ready || stream.isPending) return;
    stream.mutate(code.trim(), {
      onSuccess: (answer) => {
        onClose();
        void navigate({ pathname: `/chat/${encodeURIComponent(answer.universalId)}`, hash: 'enter_chat' });
      },
    });
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{t('referral.title')}</DialogTitle>
        <DialogContent>
          <TextField
            label={t('referral.field')}
            value={code}
            onChange={(e) => {
              setCode(e.target.value);
              if (stream.isError) stream.reset();
            }}
            error={invalid}
            helperText={invalid ? t('referral.invalid') : ' '}
            autoComplete="off"
            autoFocus
            required
            fullWidth
            margin="dense"
            slotProps={{ htmlInput: { maxLength: CODE_MAX, autoCapitalize: 'characters', spellCheck: false } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('referral.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={!ready} loading={stream.isPending}>
            {t('referral.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
