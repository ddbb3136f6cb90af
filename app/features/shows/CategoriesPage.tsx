import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useTitle } from '#app/platform/use-title.ts';
import { LoadState } from '#app/ui/LoadState.tsx';
import type { Category } from '#common/api/shows.ts';
import { CATEGORY_BAR } from '#common/constants.ts';
import { categoryPath } from '#common/domain/category-bar.ts';
import { useCategories } from './api.ts';
import { CategoryBar } from './CategoryBar.tsx';

const gridSx = {
  display: 'grid',
  gap: 1.5,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
  listStyle: 'none',
  m: 0,
  p: 0,
} as const;

function CategoryCards({ categories, label, level }: { categories: Category[]; label: string; level: 'h2' | 'h3' }) {
  return (
    <Box component="ul" aria-label={label} sx={gridSx}>
      {categories.map((c) => (
        <li key={c.id}>
          <Card
            sx={{
              height: '100%',
              ...(c.id === CATEGORY_BAR.specialId ? { outline: 2, outlineColor: 'secondary.main' } : {}),
            }}
          >
            <CardActionArea component={RouterLink} to={categoryPath(c)} sx={{ height: '100%', p: 2 }}>
              <Typography component={level} variant="subtitle1" sx={{ fontWeight: 700 }}>
                {c.name}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {c.description}
              </Typography>
            </CardActionArea>
          </Card>
        </li>
      ))}
    </Box>
  );
}

/** /shows/categories: every category and search category with its description and link. */
export function CategoriesPage() {
  const { t } = useTranslation();
  useTitle('shows.categories.title');
  const categories = useCategories();
  const main = (categories.data?.data ?? []).filter((c) => c.id !== CATEGORY_BAR.hiddenId);
  const search = categories.data?.search_categories ?? [];
  return (
    <>
      <CategoryBar />
      <Box sx={{ px: { xs: 1, md: 2 }, pb: 4 }}>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
          {t('shows.categories.title')}
        </Typography>
        {categories.isError && (
          <LoadState
            kind="error"
            text={t('shows.categories.error')}
            retry={{ label: t('shows.list.retry'), onClick: () => void categories.refetch() }}
          />
        )}
        {categories.isPending && (
          <Box sx={gridSx} aria-busy role="status" aria-label={t('shows.loading')}>
            {Array.from({ length: 6 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <Skeleton key={i} variant="rounded" height={88} />
            ))}
          </Box>
        )}
        {categories.data && <CategoryCards categories={main} label={t('shows.categories.title')} level="h2" />}
        {search.length > 0 && (
          <>
            <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mt: 4, mb: 2 }}>
              {t('shows.categories.search_title')}
            </Typography>
            <CategoryCards categories={search} label={t('shows.categories.search_title')} level="h3" />
          </>
        )}
      </Box>
    </>
  );
}
