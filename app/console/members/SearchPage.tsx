import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MuiLink from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { GridColDef, GridPaginationModel, GridSortModel } from '@mui/x-data-grid';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MEMBER_PAGE_SIZES, MEMBER_SORTS, type MemberHit, type MemberSort } from '#common/api/admin-members.ts';
import { useErrorText } from '../errors.ts';
import { useTexts } from '../locale.tsx';
import { ConsoleGrid } from '../ui/ConsoleGrid.tsx';
import { ConsolePage } from '../ui/ConsolePage.tsx';
import { utcTime } from './format.ts';
import { type SearchParams, searchQuery } from './queries.ts';
import { membersTexts } from './texts.ts';
import { statusText } from './words.ts';

/** The search as the address holds it (?q=&page=&pageSize=&sort=&order=), so back and forward work. */
function searchOf(params: URLSearchParams): SearchParams {
  const page = Number(params.get('page'));
  const size = Number(params.get('pageSize'));
  const sort = params.get('sort');
  return {
    q: (params.get('q') ?? '').trim(),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: (MEMBER_PAGE_SIZES as readonly number[]).includes(size) ? size : 25,
    ...(sort && (MEMBER_SORTS as readonly string[]).includes(sort) ? { sort: sort as MemberSort } : {}),
    order: params.get('order') === 'desc' ? 'desc' : 'asc',
  };
}

function addressOf(s: SearchParams): Record<string, string> {
  return {
    q: s.q,
    ...(s.page > 1 ? { page: String(s.page) } : {}),
    ...(s.pageSize !== 25 ? { pageSize: String(s.pageSize) } : {}),
    ...(s.sort ? { sort: s.sort, order: s.order } : {}),
  };
}

/** Find members by address, nickname or id: paged and sorted by the server. */
export function SearchPage() {
  const t = useTexts(membersTexts);
  const [params, setParams] = useSearchParams();
  const search = searchOf(params);
  const [term, setTerm] = useState(search.q);
  // Back and forward change the address: the field follows it.
  useEffect(() => setTerm(search.q), [search.q]);
  const found = useQuery(searchQuery(search));
  const phone = useMediaQuery((theme) => theme.breakpoints.down('sm'));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const q = term.trim();
    setParams(q ? addressOf({ ...search, q, page: 1 }) : {});
  };
  // The grid may report the model it already has (on mount, as rows arrive): only a change is a step back can undo.
  const paging = (model: GridPaginationModel) => {
    if (model.page + 1 === search.page && model.pageSize === search.pageSize) return;
    setParams(addressOf({ ...search, page: model.page + 1, pageSize: model.pageSize }));
  };
  const sorting = (model: GridSortModel) => {
    const [first] = model;
    if (first?.field === search.sort && (first?.sort ?? 'asc') === search.order) return;
    if (!first && !search.sort) return;
    const { sort: _sort, ...rest } = search;
    setParams(
      addressOf(
        first
          ? { ...rest, page: 1, sort: first.field as MemberSort, order: first.sort ?? 'asc' }
          : { ...rest, page: 1 },
      ),
    );
  };

  const columns: GridColDef<MemberHit>[] = [
    { field: 'id', headerName: t.colId, type: 'number', width: 90 },
    {
      field: 'email',
      headerName: t.colEmail,
      flex: 2,
      minWidth: 200,
      renderCell: ({ row }) => (
        <MuiLink component={Link} to={`/admin/members/${row.id}`}>
          {row.email}
        </MuiLink>
      ),
    },
    {
      field: 'nickname',
      headerName: t.colNickname,
      flex: 1,
      minWidth: 120,
      valueGetter: (_v, row) => row.nickname ?? row.name ?? '',
    },
    { field: 'status', headerName: t.colStatus, width: 120, valueFormatter: (v: string) => statusText(t, v) },
    { field: 'createdAt', headerName: t.colCreated, width: 170, valueFormatter: (v: string) => utcTime(v) },
  ];

  return (
    <ConsolePage title={t.title}>
      <Box
        component="form"
        role="search"
        onSubmit={submit}
        sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}
      >
        <TextField
          label={t.searchLabel}
          helperText={t.searchHint}
          value={term}
          onChange={(e) => setTerm(e.target.value)}
          type="search"
          autoComplete="off"
          slotProps={{ htmlInput: { maxLength: 254 } }}
          sx={{ flex: '1 1 16rem' }}
        />
        <Button type="submit" variant="contained" sx={{ mt: 1 }}>
          {t.searchSubmit}
        </Button>
      </Box>
      {!search.q ? (
        <Typography>{t.searchFirst}</Typography>
      ) : (
        <>
          <Typography role="status">
            {found.data ? (found.data.total ? t.found(found.data.total) : t.noneFound(search.q)) : ''}
          </Typography>
          <ConsoleGrid<MemberHit>
            label={t.results}
            rows={found.data?.rows ?? []}
            columns={columns}
            loading={found.isFetching}
            rowCount={found.data?.total ?? 0}
            paginationMode="server"
            sortingMode="server"
            disableColumnFilter
            paginationModel={{ page: search.page - 1, pageSize: search.pageSize }}
            onPaginationModelChange={paging}
            sortModel={search.sort ? [{ field: search.sort, sort: search.order }] : []}
            onSortModelChange={sorting}
            columnVisibilityModel={phone ? { id: false, nickname: false, createdAt: false } : {}}
          />
          {found.error ? <ErrorLine error={found.error} /> : null}
        </>
      )}
    </ConsolePage>
  );
}

function ErrorLine({ error }: { error: unknown }) {
  const { say } = useErrorText();
  return (
    <Typography role="alert" color="error">
      {say(error)}
    </Typography>
  );
}
