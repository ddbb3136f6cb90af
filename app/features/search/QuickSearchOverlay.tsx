import Backdrop from '@mui/material/Backdrop';
import Paper from '@mui/material/Paper';
import { useTranslation } from 'react-i18next';
import type { SearchAllResponse } from '#common/api/search.ts';
import { QuickSearchPanel } from './QuickSearchPanel.tsx';
import { SearchHistoryList } from './SearchHistoryList.tsx';

/**
 * The quick search's overlay: a backdrop over the page (a click on it clears the search) and the
 * panel under the field with the results or the recent searches.
 */
export function QuickSearchOverlay({
  id,
  phone,
  mode,
  term,
  results,
  loading,
  error,
  onClose,
  onPick,
}: {
  id: string;
  phone: boolean;
  mode: 'results' | 'history';
  term: string;
  results: SearchAllResponse | undefined;
  loading: boolean;
  error: boolean;
  onClose: () => void;
  onPick: (term: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Backdrop open onClick={onClose} sx={{ zIndex: -1 }} data-testid="quick-search-overlay" />
      <Paper
        id={id}
        role="region"
        aria-label={t('navbar.search.results_label')}
        tabIndex={-1}
        elevation={8}
        sx={{
          position: 'absolute',
          top: phone ? '100%' : 'calc(100% + 8px)',
          right: phone ? 0 : undefined,
          left: 0,
          width: phone ? '100%' : 420,
          maxHeight: 'calc(100vh - 96px)',
          overflowY: 'auto',
          outline: 'none',
          color: 'text.primary',
        }}
      >
        {mode === 'results' ? (
          <QuickSearchPanel term={term} results={results} loading={loading} error={error} onChosen={onClose} />
        ) : (
          <SearchHistoryList onPick={onPick} />
        )}
      </Paper>
    </>
  );
}
