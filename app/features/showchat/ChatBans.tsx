import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShowChatModeration } from '#common/api/showchat.ts';

type Ban = ShowChatModeration['bans'][number];

/** The people the performer banned from her chat, newest first, each with a way to lift the ban. */
export function ChatBans({ bans, onUnban }: { bans: Ban[]; onUnban: (ban: Ban) => void }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)} aria-haspopup="dialog">
        {t('showchat.moderation.bans', { count: bans.length })}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} fullWidth maxWidth="xs">
        <DialogTitle id={titleId}>{t('showchat.moderation.bansTitle')}</DialogTitle>
        <DialogContent dividers>
          {bans.length === 0 ? (
            <Typography color="text.secondary">{t('showchat.moderation.bansEmpty')}</Typography>
          ) : (
            <List dense disablePadding>
              {bans.map((ban) => (
                <ListItem
                  key={ban.id}
                  disableGutters
                  secondaryAction={
                    <Button
                      size="small"
                      onClick={() => onUnban(ban)}
                      aria-label={t('showchat.moderation.unbanLabel', { nickname: ban.nickname })}
                    >
                      {t('showchat.moderation.unban')}
                    </Button>
                  }
                >
                  <ListItemText
                    primary={ban.nickname}
                    secondary={t('showchat.moderation.since', { date: date.format(new Date(ban.since)) })}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('common.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
