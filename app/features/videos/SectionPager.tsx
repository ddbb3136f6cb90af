import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { PAGE_LINKS_NARROW, PAGE_LINKS_WIDE, pageWindow, paginationVisible } from '#common/domain/pagination.ts';

/**
 * Pages of a list inside another page (a show's videos or galleries), kept in the component so the
 * page's own query stays as it is; the same rule as the page links: only with more than one page,
 * 9 page buttons wide, 5 narrow.
 */
export function SectionPager({
  page,
  lastPage,
  onChange,
  label,
}: {
  page: number;
  lastPage: number;
  onChange: (page: number) => void;
  label: string;
}) {
  const { t } = useTranslation();
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (!paginationVisible(lastPage)) return null;
  const pages = pageWindow(page, lastPage, narrow ? PAGE_LINKS_NARROW : PAGE_LINKS_WIDE);
  return (
    <Box component="nav" aria-label={label} sx={{ display: 'flex', justifyContent: 'center', pt: 2 }}>
      <Box component="ul" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, listStyle: 'none', m: 0, p: 0 }}>
        <li>
          <IconButton
            size="small"
            aria-label={t('media.page_previous')}
            disabled={page <= 1}
            onClick={() => onChange(page - 1)}
          >
            <ChevronLeft />
          </IconButton>
        </li>
        {pages.map((p) => (
          <li key={p}>
            <Button
              size="small"
              variant={p === page ? 'contained' : 'text'}
              aria-current={p === page ? 'page' : undefined}
              aria-label={t('media.page', { page: p })}
              onClick={() => onChange(p)}
              sx={{ minWidth: 36, px: 1 }}
            >
              {p}
            </Button>
          </li>
        ))}
        <li>
          <IconButton
            size="small"
            aria-label={t('media.page_next')}
            disabled={page >= lastPage}
            onClick={() => onChange(page + 1)}
          >
            <ChevronRight />
          </IconButton>
        </li>
      </Box>
    </Box>
  );
}
