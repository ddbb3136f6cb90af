import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { archivePicturesQuery } from './api.ts';

/**
 * The pictures she unlocked from performers' messages, below her galleries: each opens in full
 * (its URL is signed for her). Nothing shows while there are none, or when they cannot be read.
 */
export function ArchivePictures() {
  const { t } = useTranslation();
  const titleId = useId();
  const list = useInfiniteQuery(archivePicturesQuery);
  const pictures = list.data?.pages.flatMap((p) => p.data) ?? [];
  if (pictures.length === 0) return null;
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ mt: 4 }}>
      <Typography id={titleId} variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('media.archive.pictures', { count: list.data?.pages[0]?.total ?? pictures.length })}
      </Typography>
      <Box
        component="ul"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))',
          gap: 1,
          p: 0,
          m: 0,
          listStyle: 'none',
        }}
      >
        {pictures.map((p) => (
          <li key={p.id}>
            <Box
              component="a"
              href={p.url}
              target="_blank"
              rel="noopener"
              sx={{ display: 'block', borderRadius: 1, overflow: 'hidden' }}
            >
              <Box
                component="img"
                src={p.thumb}
                alt={t('media.archive.picture_from', { name: p.showName })}
                loading="lazy"
                sx={{ display: 'block', width: '100%', aspectRatio: '4 / 3', objectFit: 'cover' }}
              />
            </Box>
          </li>
        ))}
      </Box>
      {list.hasNextPage && (
        <Button onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage} sx={{ mt: 1 }}>
          {t('media.archive.more_pictures')}
        </Button>
      )}
    </Box>
  );
}
