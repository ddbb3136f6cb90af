import CloseIcon from '@mui/icons-material/Close';
import HistoryIcon from '@mui/icons-material/History';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSearchHistory } from './store.ts';

/** The quick search's recent terms (shown while the field is focused and empty). */
export function SearchHistoryList({ onPick }: { onPick: (term: string) => void }) {
  const { t } = useTranslation();
  const { terms, remove, clear } = useSearchHistory();
  if (terms.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="quick-search-history" sx={{ py: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2 }}>
        <Typography id="quick-search-history" component="h2" variant="overline" sx={{ color: 'text.secondary' }}>
          {t('navbar.search.history.title')}
        </Typography>
        <Button size="small" onClick={clear}>
          {t('navbar.search.history.clear')}
        </Button>
      </Box>
      <List dense disablePadding>
        {terms.map((term) => (
          <ListItem
            key={term}
            disablePadding
            secondaryAction={
              <IconButton
                edge="end"
                size="small"
                onClick={() => remove(term)}
                aria-label={t('navbar.search.history.remove', { term })}
              >
                <CloseIcon fontSize="small" />
              </IconButton>
            }
          >
            <ListItemButton onClick={() => onPick(term)} sx={{ px: 2 }}>
              <ListItemIcon sx={{ minWidth: 36 }}>
                <HistoryIcon fontSize="small" />
              </ListItemIcon>
              <ListItemText primary={term} slotProps={{ primary: { noWrap: true } }} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
