import Alert from '@mui/material/Alert';
import MuiLink from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { GridColDef, GridSortModel } from '@mui/x-data-grid';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { ComplaintListQuery, ComplaintListRow } from '#common/api/admin-notices.ts';
import { useErrorText } from '../errors.ts';
import { useTexts } from '../locale.tsx';
import { ConsoleGrid } from '../ui/ConsoleGrid.tsx';
import { complaintListQuery, utc } from './api.ts';
import { NoComplaints } from './EmptyRows.tsx';
import { FilterSelect } from './FilterSelect.tsx';
import { noticesTexts } from './texts.ts';

type State = NonNullable<ComplaintListQuery['state']>;

/** The complaints about decisions, paged, sorted and filtered on the server; each leads to its notice. */
export function ComplaintsGrid() {
  const t = useTexts(noticesTexts);
  const { say } = useErrorText();
  const wide = useMediaQuery((theme) => theme.breakpoints.up('md'));
  const [state, setState] = useState<State>('open');
  const [party, setParty] = useState('');
  const [paging, setPaging] = useState({ page: 0, pageSize: 25 });
  const [sort, setSort] = useState<GridSortModel>([]);
  const sorted = sort[0];
  const list = useQuery(
    complaintListQuery({
      state,
      ...(party === 'performer' || party === 'notifier' ? { party } : {}),
      page: paging.page,
      pageSize: paging.pageSize,
      sort: sorted?.field === 'decidedAt' ? 'decided' : 'created',
      order: sorted?.sort ?? 'asc',
    }),
  );
  const stateName = useMemo(
    () => ({ open: t.complaintOpen, upheld: t.complaintUpheld, rejected: t.complaintRejected }),
    [t],
  );
  const columns: GridColDef<ComplaintListRow>[] = [
    {
      field: 'noticeId',
      headerName: t.colNotice,
      width: 110,
      sortable: false,
      renderCell: ({ row }) => (
        <MuiLink
          component={Link}
          to={`/admin/notices/${row.noticeId}#complaint-${row.id}`}
          aria-label={t.open(t.noticeTitle(row.noticeId))}
        >
          #{row.noticeId}
        </MuiLink>
      ),
    },
    {
      field: 'party',
      headerName: t.party,
      width: 140,
      sortable: false,
      valueFormatter: (v: 'performer' | 'notifier') => t.who(v),
    },
    { field: 'createdAt', headerName: t.colReceived, width: 170, valueFormatter: (v: string) => utc(v) },
    { field: 'text', headerName: t.colText, flex: 2, minWidth: 200, sortable: false },
    {
      field: 'status',
      headerName: t.colState,
      width: 200,
      sortable: false,
      valueFormatter: (v: ComplaintListRow['status']) => stateName[v],
    },
    { field: 'decidedAt', headerName: t.colDecided, width: 170, valueFormatter: (v: string | null) => utc(v) },
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
          label={t.party}
          value={party}
          onChange={(v) => {
            setParty(v);
            setPaging((p) => ({ ...p, page: 0 }));
          }}
          options={[
            { value: '', label: t.anyParty },
            { value: 'notifier', label: t.who('notifier') },
            { value: 'performer', label: t.who('performer') },
          ]}
        />
      </Stack>
      {list.error ? <Alert severity="error">{say(list.error)}</Alert> : null}
      <ConsoleGrid<ComplaintListRow>
        label={t.complaintsGrid}
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
        slots={{ noRowsOverlay: NoComplaints }}
        columnVisibilityModel={{
          createdAt: wide,
          text: true,
          status: state !== 'open',
          decidedAt: wide && state !== 'open',
        }}
      />
    </Stack>
  );
}
