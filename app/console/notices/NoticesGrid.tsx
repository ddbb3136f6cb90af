import Alert from '@mui/material/Alert';
import MuiLink from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { GridColDef, GridSortModel } from '@mui/x-data-grid';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { NoticeListQuery, NoticeListRow } from '#common/api/admin-notices.ts';
import { useErrorText } from '../errors.ts';
import { useLocale, useTexts } from '../locale.tsx';
import { ConsoleGrid } from '../ui/ConsoleGrid.tsx';
import { noticeListQuery, utc } from './api.ts';
import { CATEGORIES, categoryName } from './categories.ts';
import { NoNotices } from './EmptyRows.tsx';
import { FilterSelect } from './FilterSelect.tsx';
import { noticesTexts } from './texts.ts';

type State = NonNullable<NoticeListQuery['state']>;

/** The notices, paged, sorted and filtered on the server. */
export function NoticesGrid() {
  const t = useTexts(noticesTexts);
  const { locale } = useLocale();
  const { say } = useErrorText();
  const wide = useMediaQuery((theme) => theme.breakpoints.up('md'));
  const [state, setState] = useState<State>('open');
  const [category, setCategory] = useState('');
  const [paging, setPaging] = useState({ page: 0, pageSize: 25 });
  const [sort, setSort] = useState<GridSortModel>([]);
  const sorted = sort[0];
  const query: NoticeListQuery = {
    state,
    ...(category ? { category: category as NoticeListQuery['category'] } : {}),
    page: paging.page,
    pageSize: paging.pageSize,
    sort: sorted?.field === 'decidedAt' ? 'decided' : 'created',
    order: sorted?.sort ?? 'asc',
  };
  const list = useQuery(noticeListQuery(query));
  const columns: GridColDef<NoticeListRow>[] = [
    {
      field: 'id',
      headerName: t.colNotice,
      width: 110,
      sortable: false,
      renderCell: ({ row }) => (
        <MuiLink component={Link} to={`/admin/notices/${row.id}`} aria-label={t.open(t.noticeTitle(row.id))}>
          #{row.id}
        </MuiLink>
      ),
    },
    { field: 'createdAt', headerName: t.colReceived, width: 170, valueFormatter: (v: string) => utc(v) },
    {
      field: 'category',
      headerName: t.category,
      flex: 1,
      minWidth: 160,
      sortable: false,
      valueFormatter: (v: string) => categoryName(locale, v),
    },
    { field: 'urls', headerName: t.colUrls, width: 100, sortable: false, type: 'number' },
    { field: 'explanation', headerName: t.colExplanation, flex: 2, minWidth: 200, sortable: false },
    {
      field: 'action',
      headerName: t.colDecision,
      width: 140,
      sortable: false,
      valueFormatter: (v: string | null) => (v === 'remove' ? t.removed : v === 'keep' ? t.kept : ''),
    },
    { field: 'decidedAt', headerName: t.colDecided, width: 170, valueFormatter: (v: string | null) => utc(v) },
    { field: 'decidedByName', headerName: t.colBy, width: 150, sortable: false },
  ];
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FilterSelect
          label={t.state}
          value={state}
          onChange={(v) => {
            setState(v as State);
            setPaging((p) => ({ ...p, page: 0 }));
          }}
          options={[
            { value: 'open', label: t.stateOpen },
            { value: 'decided', label: t.stateDecided },
            { value: 'all', label: t.stateAll },
          ]}
        />
        <FilterSelect
          label={t.category}
          value={category}
          onChange={(v) => {
            setCategory(v);
            setPaging((p) => ({ ...p, page: 0 }));
          }}
          options={[
            { value: '', label: t.anyCategory },
            ...CATEGORIES.map((c) => ({ value: c, label: categoryName(locale, c) })),
          ]}
        />
      </Stack>
      {list.error ? <Alert severity="error">{say(list.error)}</Alert> : null}
      <ConsoleGrid<NoticeListRow>
        label={t.noticesGrid}
        rows={list.data?.rows ?? []}
        rowCount={list.data?.total ?? 0}
        columns={columns}
        loading={list.isFetching}
        paginationMode="server"
        sortingMode="server"
        paginationModel={paging}
        onPaginationModelChange={setPaging}
        sortModel={sort}
        onSortModelChange={setSort}
        disableColumnFilter
        slots={{ noRowsOverlay: NoNotices }}
        columnVisibilityModel={{
          urls: wide,
          explanation: wide,
          decidedAt: wide && state !== 'open',
          decidedByName: wide && state !== 'open',
          action: state !== 'open',
        }}
      />
    </Stack>
  );
}
