import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import {
  PAGE_LINKS_NARROW,
  PAGE_LINKS_WIDE,
  pageHref,
  pageWindow,
  paginationVisible,
} from '#common/domain/pagination.ts';

/**
 * The pagination control (spec part 2): only with more than one page; 9 page links wide, 5 below
 * 600 px; each link keeps search, tags, sort and cat of the current query (and `keep`) and sets page.
 */
export function PageLinks({ page, lastPage, keep = [] }: { page: number; lastPage: number; keep?: readonly string[] }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const { pathname, search } = useLocation();
  if (!paginationVisible(lastPage)) return null;
  const pages = pageWindow(page, lastPage, narrow ? PAGE_LINKS_NARROW : PAGE_LINKS_WIDE);
  const href = (p: number) => pageHref(pathname, search, p, keep);
  const arrow = (to: number, label: string, icon: ReactNode) =>
    to >= 1 && to <= lastPage ? (
      <IconButton component={RouterLink} to={href(to)} aria-label={label} size="small">
        {icon}
      </IconButton>
    ) : (
      <IconButton disabled aria-label={label} size="small">
        {icon}
      </IconButton>
    );
  return (
    <Box component="nav" aria-label={t('pagination.label')} sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
      <Box
        component="ul"
        sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0.25, sm: 0.5 }, listStyle: 'none', m: 0, p: 0 }}
      >
        <li>{arrow(page - 1, t('pagination.previous'), <ChevronLeftIcon />)}</li>
        {pages.map((p) => (
          <li key={p}>
            <Button
              component={RouterLink}
              to={href(p)}
              size="small"
              variant={p === page ? 'contained' : 'text'}
              aria-current={p === page ? 'page' : undefined}
              aria-label={t('pagination.page', { page: p })}
              sx={{ minWidth: 36, px: 1 }}
            >
              {p}
            </Button>
          </li>
        ))}
        <li>{arrow(page + 1, t('pagination.next'), <ChevronRightIcon />)}</li>
      </Box>
    </Box>
  );
}
