import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CategoryBar } from './CategoryBar.tsx';
import { InfiniteShows } from './InfiniteShows.tsx';
import { PagedShows } from './PagedShows.tsx';
import { useCatalogueStore } from './store.ts';

/** The persisted switch between page links and endless scrolling. */
export function InfiniteSwitch() {
  const { t } = useTranslation();
  const infinite = useCatalogueStore((s) => s.infiniteScroll);
  const setInfinite = useCatalogueStore((s) => s.setInfiniteScroll);
  return (
    <FormControlLabel
      control={<Switch size="small" checked={infinite} onChange={(e) => setInfinite(e.target.checked)} />}
      label={<Typography variant="body2">{t('shows.list.infinite')}</Typography>}
      sx={{ mr: 0 }}
    />
  );
}

/**
 * A catalogue list page's body: the category bar, the heading with the scroll switch, something
 * above the list (`top`, e.g. the teaser) and the list, by page or endless.
 */
export function ShowsList({
  category,
  title,
  description,
  top,
  titleLevel = 'h1',
}: {
  category: number | undefined;
  title: string;
  titleLevel?: 'h1' | 'h2';
  description?: string | undefined;
  top?: ReactNode;
}) {
  const infinite = useCatalogueStore((s) => s.infiniteScroll);
  const [lastPage, setLastPage] = useState(1);
  const tileLevel = titleLevel === 'h1' ? 'h2' : 'h3';
  return (
    <>
      <CategoryBar lastPage={lastPage} />
      <Box sx={{ px: { xs: 1, md: 2 }, pb: 3 }}>
        {top}
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 1,
            mb: 1.5,
          }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Typography component={titleLevel} variant="h5" sx={{ fontWeight: 700 }}>
              {title}
            </Typography>
            {description && (
              <Typography variant="body2" color="text.secondary">
                {description}
              </Typography>
            )}
          </Box>
          <InfiniteSwitch />
        </Box>
        {/* Without a list of its own above (the index's teaser), this one comes first on the page. */}
        {infinite ? (
          <InfiniteShows category={category} label={title} headingLevel={tileLevel} priority={!top} />
        ) : (
          <PagedShows
            category={category}
            label={title}
            onLastPage={setLastPage}
            headingLevel={tileLevel}
            priority={!top}
          />
        )}
      </Box>
    </>
  );
}
