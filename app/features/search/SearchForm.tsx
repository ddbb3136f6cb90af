import SearchIcon from '@mui/icons-material/Search';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QUICK_SEARCH_MIN_CHARS } from '#common/constants.ts';
import { useSearchHistory } from './store.ts';

/** The search pages' own field: at least 3 characters; a new term starts again at page 1. */
export function SearchForm({ term, onSearch }: { term: string; onSearch: (term: string) => void }) {
  const { t } = useTranslation();
  const addToHistory = useSearchHistory((s) => s.add);
  const [value, setValue] = useState(term);
  const [shownTerm, setShownTerm] = useState(term);
  const [error, setError] = useState(false);
  // Another term arrived by the URL (the quick search, back button): show it.
  if (term !== shownTerm) {
    setShownTerm(term);
    setValue(term);
    setError(false);
  }
  return (
    <Stack
      component="form"
      role="search"
      direction="row"
      spacing={1}
      onSubmit={(e) => {
        e.preventDefault();
        const clean = value.trim();
        if (clean.length < QUICK_SEARCH_MIN_CHARS) {
          setError(true);
          return;
        }
        addToHistory(clean);
        onSearch(clean);
      }}
      sx={{ alignItems: 'flex-start', maxWidth: 640 }}
    >
      <TextField
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          setError(false);
        }}
        type="search"
        size="small"
        fullWidth
        label={t('navbar.search.label')}
        error={error}
        helperText={error ? t('search.min_chars') : undefined}
        slotProps={{ htmlInput: { maxLength: 100, enterKeyHint: 'search' } }}
      />
      <Button type="submit" variant="contained" startIcon={<SearchIcon />} sx={{ flexShrink: 0, height: 40 }}>
        {t('search.submit')}
      </Button>
    </Stack>
  );
}
