import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { GridColDef, GridPaginationModel } from '@mui/x-data-grid';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { REVIEW_KINDS, type ReviewKind, type ReviewSummary } from '#common/api/admin-review.ts';
import { useLocale, useTexts } from '../locale.tsx';
import { ConsoleGrid } from '../ui/ConsoleGrid.tsx';
import { ConsolePage } from '../ui/ConsolePage.tsx';
import { reviewQueueQuery, utcMinute } from './queries.ts';
import { kindLabel, reviewTexts } from './texts.ts';

/** The review queue: what waits, the oldest first, of one kind or all; each opens its own page. */
export default function ReviewQueuePage() {
  const t = useTexts(reviewTexts);
  const { locale } = useLocale();
  const phone = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  const [kind, setKind] = useState<ReviewKind | undefined>(undefined);
  const [paging, setPaging] = useState<GridPaginationModel>({ page: 0, pageSize: 25 });
  const queue = useQuery(reviewQueueQuery({ kind, page: paging.page + 1, pageSize: paging.pageSize }));
  const columns: GridColDef<ReviewSummary>[] = [
    {
      field: 'submittedAt',
      headerName: t.colSubmitted,
      width: 170,
      sortable: false,
      valueFormatter: (value: string) => utcMinute(value),
    },
    {
      field: 'title',
      headerName: t.colTitle,
      flex: 1,
      minWidth: 160,
      sortable: false,
      valueGetter: (_v, row) => row.title[locale] || row.title.en,
      renderCell: ({ row, value }) => (
        <Link component={RouterLink} to={`/admin/review/${row.id}`} aria-label={t.openItem(String(value))}>
          {String(value)}
        </Link>
      ),
    },
    {
      field: 'kind',
      headerName: t.colKind,
      width: 230,
      sortable: false,
      valueGetter: (_v, row) => kindLabel(t, row.kind),
    },
    { field: 'showName', headerName: t.colPerformer, width: 180, sortable: false },
  ];
  return (
    <ConsolePage title={t.title} loading={queue.isPending} error={queue.error}>
      <Typography>{t.intro}</Typography>
      <TextField
        select
        label={t.kindFilter}
        value={kind ?? ''}
        onChange={(e) => {
          setKind((e.target.value || undefined) as ReviewKind | undefined);
          setPaging((p) => ({ ...p, page: 0 }));
        }}
        sx={{ maxWidth: 360 }}
        size="small"
      >
        <MenuItem value="">{t.allKinds}</MenuItem>
        {REVIEW_KINDS.map((k) => (
          <MenuItem key={k} value={k}>
            {kindLabel(t, k)}
          </MenuItem>
        ))}
      </TextField>
      <Typography role="status">{queue.data?.total ? t.count(queue.data.total) : t.empty}</Typography>
      <ConsoleGrid<ReviewSummary>
        label={t.grid}
        rows={queue.data?.items ?? []}
        columns={columns}
        rowCount={queue.data?.total ?? 0}
        loading={queue.isFetching}
        paginationMode="server"
        paginationModel={paging}
        onPaginationModelChange={setPaging}
        disableColumnFilter
        columnVisibilityModel={{ kind: !phone, showName: !phone }}
      />
    </ConsolePage>
  );
}
