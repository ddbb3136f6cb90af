import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CloseIcon from '@mui/icons-material/Close';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import { alpha } from '@mui/material/styles';
import { type FocusEvent, type KeyboardEvent, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { lazyPart } from '#app/lazy-page.ts';
import { GeoSearchButton } from './GeoSearchButton.tsx';
import { useSearchHistory } from './store.ts';
import { type QuickSection, useQuickSearch } from './use-quick-search.ts';

const PANEL_ID = 'quick-search-panel';

/** Enter searches the shows (spec part 1), or on the videos or galleries search that section again. */
const submitSection = (pathname: string): QuickSection =>
  pathname === '/search/videos' ? 'videos' : pathname === '/search/galleries' ? 'galleries' : 'shows';

// The overlay (results, history) loads when it first opens, so the top bar stays light.
const QuickSearchOverlay = lazyPart(() => import('./QuickSearchOverlay.tsx').then((m) => m.QuickSearchOverlay));

/**
 * The top bar's quick search with the geo-search button: results in an overlay panel, the recent
 * terms while the field is focused and empty. On phones it is an icon that opens a full-width bar.
 */
export function QuickSearch({ phone }: { phone: boolean }) {
  const { t } = useTranslation();
  const qs = useQuickSearch();
  const { pathname } = useLocation();
  const hasHistory = useSearchHistory((s) => s.terms.length > 0);
  const [expanded, setExpanded] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);

  const showResults = qs.open && qs.long;
  const showHistory = qs.open && qs.input.trim() === '' && hasHistory;
  const panelOpen = showResults || showHistory;

  const close = () => {
    qs.clear();
    setExpanded(false);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      // Arrow keys walk from the field through the panel's links and buttons, and back.
      const items = [
        ...(input.current ? [input.current] : []),
        ...(document.getElementById(PANEL_ID)?.querySelectorAll<HTMLElement>('a[href], button') ?? []),
      ];
      const at = items.indexOf(document.activeElement as HTMLElement);
      const next = items[at + (e.key === 'ArrowDown' ? 1 : -1)];
      if (at >= 0 && next) {
        e.preventDefault();
        next.focus();
      }
      return;
    }
    if (e.key !== 'Escape') return;
    e.stopPropagation();
    close();
    input.current?.blur();
  };
  const onBlur = (e: FocusEvent) => {
    if (container.current?.contains(e.relatedTarget as Node | null)) return;
    qs.setOpen(false);
    // An empty phone search bar folds back into its icon when left.
    if (qs.input === '') setExpanded(false);
  };

  if (phone && !expanded) {
    return (
      <IconButton color="inherit" onClick={() => setExpanded(true)} aria-label={t('navbar.search.open')}>
        <SearchIcon />
      </IconButton>
    );
  }

  return (
    <Box
      ref={container}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
      sx={
        phone
          ? {
              position: 'absolute',
              inset: 0,
              zIndex: 1,
              display: 'flex',
              alignItems: 'center',
              gap: 0.5,
              px: 1,
              bgcolor: 'background.paper',
              color: 'text.primary',
              // On the page's colour here, not the bar's: the page's focus ring.
              '--focus-ring': 'var(--focus-ring-page)',
            }
          : { position: 'relative', display: 'flex', alignItems: 'center', gap: 0.5 }
      }
    >
      {phone && (
        <IconButton color="inherit" onClick={close} aria-label={t('navbar.search.close')}>
          <ArrowBackIcon />
        </IconButton>
      )}
      <Box
        component="form"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          if (qs.submit(submitSection(pathname))) input.current?.blur();
        }}
        sx={{
          display: 'flex',
          alignItems: 'center',
          flex: phone ? 1 : undefined,
          borderRadius: 1,
          bgcolor: (theme) => alpha(phone ? theme.palette.text.primary : theme.palette.common.white, 0.12),
          '&:hover, &:focus-within': {
            bgcolor: (theme) => alpha(phone ? theme.palette.text.primary : theme.palette.common.white, 0.2),
          },
          // The field itself draws no ring (MUI's InputBase): the box around it shows the focus.
          '&:focus-within': { outline: '2px solid var(--focus-ring)', outlineOffset: 2 },
        }}
      >
        <SearchIcon sx={{ mx: 1, opacity: 0.8 }} aria-hidden />
        <InputBase
          inputRef={input}
          value={qs.input}
          onChange={(e) => qs.setInput(e.target.value)}
          onFocus={() => qs.setOpen(true)}
          autoFocus={phone}
          placeholder={t('navbar.search.placeholder')}
          inputProps={{
            type: 'search',
            'aria-label': t('navbar.search.label'),
            'aria-expanded': panelOpen,
            'aria-controls': panelOpen ? PANEL_ID : undefined,
            autoComplete: 'off',
            enterKeyHint: 'search',
          }}
          sx={{
            color: 'inherit',
            // Narrower below 1200 px: the bar keeps room for the languages and the sign-up call.
            width: phone ? '100%' : { xs: 160, lg: 300 },
            '& input': { py: 1, pr: 1 },
            '& input::-webkit-search-cancel-button': { display: 'none' },
          }}
        />
        {qs.input !== '' && (
          <IconButton size="small" color="inherit" onClick={close} aria-label={t('navbar.search.clear')}>
            <CloseIcon fontSize="small" />
          </IconButton>
        )}
      </Box>
      <GeoSearchButton onSearch={close} />
      {panelOpen && (
        <Suspense fallback={null}>
          <QuickSearchOverlay
            id={PANEL_ID}
            phone={phone}
            mode={showResults ? 'results' : 'history'}
            term={qs.term}
            results={qs.results}
            loading={qs.loading}
            error={qs.error}
            onClose={close}
            onPick={(term) => {
              qs.setInput(term);
              input.current?.focus();
            }}
          />
        </Suspense>
      )}
    </Box>
  );
}
