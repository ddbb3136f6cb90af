import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { tagsQuery } from '#app/features/shows/api.ts';
import { sortParam, tagsParam, withParam } from './list-params.ts';

/**
 * A list's sort select and tag chips; both live in the query (sort, tags) and a change goes back
 * to page 1. Tags come from GET /tags (cached 5 minutes).
 */
export function ListControls<S extends string>({ sorts, idPrefix }: { sorts: readonly S[]; idPrefix: string }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tags = useQuery(tagsQuery);
  const sort = sortParam(params, sorts);
  const selected = tagsParam(params);

  const toggle = (slug: string) => {
    const next = selected.includes(slug) ? selected.filter((s) => s !== slug) : [...selected, slug];
    setParams(withParam(params, 'tags', next.join(',') || null));
  };

  return (
    <Stack spacing={1.5} sx={{ mb: 2 }}>
      <FormControl size="small" sx={{ minWidth: 200, alignSelf: { xs: 'stretch', sm: 'flex-start' } }}>
        <InputLabel id={`${idPrefix}-sort-label`}>{t('media.sort.label')}</InputLabel>
        <Select
          labelId={`${idPrefix}-sort-label`}
          id={`${idPrefix}-sort`}
          value={sort}
          label={t('media.sort.label')}
          onChange={(e) => setParams(withParam(params, 'sort', e.target.value === sorts[0] ? null : e.target.value))}
        >
          {sorts.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`media.sort.${s}`)}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <Stack
        direction="row"
        component="ul"
        aria-label={t('media.tags')}
        sx={{
          // One scrolling row on phones, wrapped lines on wider screens.
          flexWrap: { xs: 'nowrap', sm: 'wrap' },
          overflowX: { xs: 'auto', sm: 'visible' },
          gap: 1,
          listStyle: 'none',
          p: 0,
          pb: { xs: 0.5, sm: 0 },
          m: 0,
          '& > li': { flexShrink: 0 },
        }}
      >
        {tags.isPending &&
          Array.from({ length: 6 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Skeleton key={i} variant="rounded" width={72} height={32} />
          ))}
        {tags.data?.data.map((tag) => {
          const on = selected.includes(tag.slug);
          return (
            <li key={tag.id}>
              <Chip
                label={tag.name}
                clickable
                color={on ? 'primary' : 'default'}
                variant={on ? 'filled' : 'outlined'}
                aria-pressed={on}
                onClick={() => toggle(tag.slug)}
              />
            </li>
          );
        })}
      </Stack>
    </Stack>
  );
}
