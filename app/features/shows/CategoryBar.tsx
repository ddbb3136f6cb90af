import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { usePublicConfig } from '#app/features/session/api.ts';
import { useRouteName } from '#app/platform/route-name.ts';
import type { Category } from '#common/api/shows.ts';
import { categoryBarContent, categoryBarShown, categoryPath, pageArrows } from '#common/domain/category-bar.ts';
import { pageFromQuery } from '#common/domain/pagination.ts';
import { useCategories } from './api.ts';
import { useCatalogueStore } from './store.ts';

const chipSx = { flexShrink: 0, borderRadius: 4, whiteSpace: 'nowrap', textTransform: 'none' } as const;

function CategoryLink({ category, current, special }: { category: Category; current: boolean; special?: boolean }) {
  return (
    <Button
      component={RouterLink}
      to={categoryPath(category)}
      size="small"
      variant={current ? 'contained' : 'outlined'}
      color={special ? 'secondary' : 'primary'}
      aria-current={current ? 'page' : undefined}
      title={category.description || undefined}
      sx={{ ...chipSx, ...(special && !current ? { borderWidth: 2, fontWeight: 700 } : {}) }}
    >
      {category.name}
    </Button>
  );
}

function Arrow({ to, label, next }: { to: string | null; label: string; next?: boolean }) {
  const icon = next ? <ChevronRightIcon /> : <ChevronLeftIcon />;
  return to ? (
    <IconButton component={RouterLink} to={to} aria-label={label} size="small">
      {icon}
    </IconButton>
  ) : (
    <IconButton disabled aria-label={label} size="small">
      {icon}
    </IconButton>
  );
}

/**
 * The category bar (spec part 1): on index, shows-all, shows-cat and categories only. "All shows",
 * the first 3 categories and the highlighted special one; the persisted toggle reveals the rest and
 * the search categories; "more" (local only); page arrows when the list pages (`lastPage` > 1).
 */
export function CategoryBar({ lastPage = 1 }: { lastPage?: number }) {
  const { t } = useTranslation();
  const routeName = useRouteName();
  const { pathname, search } = useLocation();
  const { cat } = useParams();
  const local = usePublicConfig().local;
  const expanded = useCatalogueStore((s) => s.categoriesExpanded);
  const setExpanded = useCatalogueStore((s) => s.setCategoriesExpanded);
  const infinite = useCatalogueStore((s) => s.infiniteScroll);
  const shown = categoryBarShown(routeName);
  const categories = useCategories(shown);
  if (!shown) return null;

  const bar = categoryBarContent(categories.data?.data ?? [], categories.data?.search_categories ?? [], local);
  const currentId = routeName === 'shows-cat' ? Number(cat) : null;
  const arrows = pageArrows({
    routeName,
    infinite,
    page: pageFromQuery(new URLSearchParams(search).get('page')),
    lastPage,
    pathname,
    search,
  });
  const link = (c: Category, special = false) => (
    <CategoryLink key={c.id} category={c} current={c.id === currentId} special={special} />
  );

  return (
    <Box component="nav" aria-label={t('shows.bar.label')} sx={{ px: { xs: 1, md: 2 }, pt: 1.5, pb: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        {arrows && <Arrow to={arrows.previous} label={t('shows.bar.previous')} />}
        <Box sx={{ display: 'flex', gap: 1, overflowX: 'auto', flex: 1, py: 0.5, scrollbarWidth: 'thin' }}>
          <Button
            component={RouterLink}
            to="/shows/all-shows"
            size="small"
            variant={routeName === 'shows-all' || routeName === 'index' ? 'contained' : 'outlined'}
            aria-current={routeName === 'shows-all' ? 'page' : undefined}
            sx={chipSx}
          >
            {t('shows.bar.all')}
          </Button>
          {bar.main.map((c) => link(c))}
          {bar.special && link(bar.special, true)}
          {bar.extra.length > 0 && (
            <Button
              size="small"
              onClick={() => setExpanded(!expanded)}
              aria-expanded={expanded}
              aria-controls="category-bar-extra"
              endIcon={expanded ? <ExpandLessIcon /> : <ExpandMoreIcon />}
              sx={chipSx}
            >
              {t(expanded ? 'shows.bar.collapse' : 'shows.bar.expand')}
            </Button>
          )}
          {bar.more && (
            <Button component={RouterLink} to="/shows/categories" size="small" sx={chipSx}>
              {t('shows.bar.more')}
            </Button>
          )}
        </Box>
        {arrows && <Arrow to={arrows.next} label={t('shows.bar.next')} next />}
      </Box>
      {bar.extra.length > 0 && (
        <Box
          id="category-bar-extra"
          hidden={!expanded}
          sx={{ display: expanded ? 'flex' : 'none', flexWrap: 'wrap', gap: 1, pt: 1 }}
        >
          {expanded && bar.extra.map((c) => link(c))}
        </Box>
      )}
    </Box>
  );
}
