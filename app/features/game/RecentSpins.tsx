import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { SpinResult } from '#common/api/game.ts';
import { prizeText } from './prize-text.ts';

/** Her latest spins (the server sends a week's worth at most), the newest first. */
export function RecentSpins({ results }: { results: SpinResult[] }) {
  const { t, i18n } = useTranslation();
  if (results.length === 0) return null;
  // The day is a Berlin calendar date (YYYY-MM-DD): shown as that date, whatever the reader's zone.
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' });
  return (
    <section aria-labelledby="game-recent">
      <Typography id="game-recent" variant="h6" component="h2">
        {t('game.recent.title')}
      </Typography>
      <List dense>
        {results.map((r) => (
          <ListItem key={r.day} disableGutters>
            <ListItemText
              primary={r.prize ? prizeText(t, r.prize) : t('game.recent.nothing')}
              secondary={date.format(new Date(`${r.day}T00:00:00Z`))}
            />
          </ListItem>
        ))}
      </List>
    </section>
  );
}
