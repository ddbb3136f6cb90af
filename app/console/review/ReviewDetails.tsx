import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { ReviewItem } from '#common/api/admin-review.ts';
import { useTexts } from '../locale.tsx';
import { clipUrl, pictureUrl, posterUrl, utcMinute } from './queries.ts';
import { type ReviewTexts, reviewTexts } from './texts.ts';

const media = { width: 320, maxWidth: '100%', height: 'auto', borderRadius: 1, bgcolor: 'black' } as const;

/** The preview: a video's poster and its parts to play, or a gallery's pictures (each opens full size). */
function Preview({ item, t }: { item: ReviewItem; t: ReviewTexts }) {
  return (
    <Box component="section" aria-label={t.preview} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {item.poster && (
        <Box component="img" src={posterUrl(item.id)} alt={t.poster} width={320} height={180} sx={media} />
      )}
      {(item.parts ?? [])
        .filter((p) => p.playable)
        .map((p) => (
          <Box
            key={p.part}
            component="video"
            controls
            preload="none"
            poster={posterUrl(item.id)}
            aria-label={t.clip(p.part)}
            src={clipUrl(item.id, p.part)}
            sx={media}
          />
        ))}
      {item.pictures.map((imageId, i) => (
        <Link key={imageId} href={pictureUrl(item.id, imageId, 'full')} target="_blank" rel="noopener">
          <Box
            component="img"
            src={pictureUrl(item.id, imageId, 'thumb')}
            alt={t.picture(i + 1)}
            width={160}
            height={120}
            loading="lazy"
            sx={{ ...media, width: 160 }}
          />
        </Link>
      ))}
    </Box>
  );
}

/** A value as it is, or as it is now and as the change proposes it. */
function Changed({ t, current, proposed }: { t: ReviewTexts; current: ReactNode; proposed: ReactNode | null }) {
  if (proposed === null) return <>{current}</>;
  return (
    <>
      {t.current}: {current}
      <br />
      <Box component="ins" sx={{ bgcolor: 'success.light', textDecoration: 'none', px: 0.5 }}>
        {t.proposed}: {proposed}
      </Box>
    </>
  );
}

/** The item's texts (before and after for a change), parts or price, performer and time. */
export function ReviewDetails({ item }: { item: ReviewItem }) {
  const t = useTexts(reviewTexts);
  const price = (n: number) => (n === 0 ? t.free : t.coins(n));
  const rows: [string, ReactNode][] = [
    ...item.texts.map((x): [string, ReactNode] => [
      t[x.field],
      <Changed key={x.field} t={t} current={x.current} proposed={x.proposed} />,
    ]),
  ];
  if (item.tags) rows.push([t.tags, item.tags.join(', ')]);
  if (item.parts) {
    rows.push([
      t.parts,
      <Box key="parts" component="ul" sx={{ m: 0, pl: 2.5 }}>
        {item.parts.map((p) => (
          <li key={p.part}>
            {t.part(p.part, p.seconds)},{' '}
            <Changed
              t={t}
              current={price(p.price)}
              proposed={p.proposedPrice === null ? null : price(p.proposedPrice)}
            />
          </li>
        ))}
      </Box>,
    ]);
  }
  if (item.price) {
    rows.push([
      t.price,
      <Changed
        key="price"
        t={t}
        current={price(item.price.current)}
        proposed={item.price.proposed === null ? null : price(item.price.proposed)}
      />,
    ]);
  }
  if (item.pictures.length) rows.push([t.pictures(item.pictures.length), '']);
  rows.push([t.performer, `${item.showName} · ${item.performerEmail}`]);
  rows.push([
    t.submitted,
    <time key="submitted" dateTime={item.submittedAt}>
      {utcMinute(item.submittedAt)}
    </time>,
  ]);
  return (
    <>
      <Preview item={item} t={t} />
      <Box component="section" aria-label={t.details}>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'minmax(8rem, max-content) 1fr' },
            gap: 0.5,
            columnGap: 2,
            m: 0,
          }}
        >
          {rows.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" sx={{ fontWeight: 600 }}>
                {label}
              </Typography>
              <Typography
                component="dd"
                sx={{ m: 0, mb: { xs: 1, sm: 0 }, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
              >
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      </Box>
    </>
  );
}
