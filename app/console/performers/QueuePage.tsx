import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MuiLink from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { GridColDef, GridPaginationModel, GridSortModel } from '@mui/x-data-grid';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  APPLICATION_SORTS,
  type ApplicationQueueQuery,
  type ApplicationQueueRow,
  type ApplicationSort,
} from '#common/api/admin-performers.ts';
import { ID_CHECK_STATES } from '#common/api/onboarding.ts';
import { useTexts } from '../locale.tsx';
import { ConsoleGrid } from '../ui/ConsoleGrid.tsx';
import { ConsolePage } from '../ui/ConsolePage.tsx';
import { checkText, waitingFor } from './format.ts';
import { queueQuery } from './queries.ts';
import { performerTexts } from './texts.ts';

type State = NonNullable<ApplicationQueueQuery['state']>;
// A queue holds submitted applications only: their check has started at least.
const FILTER_STATES = ID_CHECK_STATES.filter((s) => s !== 'none');

/** The applications waiting for a decision: paged, sorted and filtered by the server. */
export function QueuePage() {
  const t = useTexts(performerTexts);
  const phone = useMediaQuery((theme) => theme.breakpoints.down('md'));
  const [paging, setPaging] = useState<GridPaginationModel>({ page: 0, pageSize: 25 });
  const [sortModel, setSortModel] = useState<GridSortModel>([{ field: 'submittedAt', sort: 'asc' }]);
  const [state, setState] = useState<State | ''>('');
  const sort = sortModel[0];
  const query: ApplicationQueueQuery = {
    page: paging.page + 1,
    pageSize: paging.pageSize,
    sort: (APPLICATION_SORTS as readonly string[]).includes(sort?.field ?? '')
      ? (sort?.field as ApplicationSort)
      : 'submittedAt',
    order: sort?.sort === 'desc' ? 'desc' : 'asc',
    ...(state ? { state } : {}),
  };
  const queue = useQuery(queueQuery(query));
  const now = new Date(queue.dataUpdatedAt || Date.now());
  const columns: GridColDef<ApplicationQueueRow>[] = [
    {
      field: 'showName',
      headerName: t.colShow,
      flex: 1,
      minWidth: 140,
      renderCell: ({ row }) => (
        <MuiLink component={Link} to={`/admin/performers/${row.id}`}>
          {row.showName}
        </MuiLink>
      ),
    },
    { field: 'email', headerName: t.colEmail, flex: 1, minWidth: 180 },
    {
      field: 'idCheckState',
      headerName: t.colCheck,
      flex: 1,
      minWidth: 140,
      valueGetter: (_v, row) => checkText(t, row.idCheck),
    },
    {
      field: 'emailConfirmed',
      headerName: t.colConfirmed,
      sortable: false,
      minWidth: 110,
      valueGetter: (_v, row) => (row.emailConfirmed ? t.yes : t.no),
    },
    {
      field: 'submittedAt',
      headerName: t.colWaiting,
      minWidth: 110,
      valueGetter: (_v, row) => waitingFor(t, new Date(row.submittedAt), now),
    },
  ];
  return (
    <ConsolePage title={t.queueTitle} error={queue.error}>
      <Typography id="queue-intro">{t.queueIntro}</Typography>
      <FormControl size="small" sx={{ minWidth: 220, justifySelf: 'start' }}>
        <InputLabel id="queue-state-label">{t.filterState}</InputLabel>
        <Select
          labelId="queue-state-label"
          label={t.filterState}
          value={state}
          onChange={(e) => {
            setState(e.target.value as State | '');
            setPaging((p) => ({ ...p, page: 0 }));
          }}
        >
          <MenuItem value="">{t.filterAll}</MenuItem>
          {FILTER_STATES.map((s) => (
            <MenuItem key={s} value={s}>
              {checkText(t, { state: s, reason: null })}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      {queue.data?.total === 0 && !state && <Typography role="status">{t.queueEmpty}</Typography>}
      <ConsoleGrid<ApplicationQueueRow>
        label={t.queueLabel}
        aria-describedby="queue-intro"
        rows={queue.data?.rows ?? []}
        rowCount={queue.data?.total ?? 0}
        loading={queue.isFetching}
        columns={columns}
        paginationMode="server"
        sortingMode="server"
        paginationModel={paging}
        onPaginationModelChange={setPaging}
        sortModel={sortModel}
        onSortModelChange={(model) => {
          setSortModel(model);
          setPaging((p) => ({ ...p, page: 0 }));
        }}
        disableColumnFilter
        columnVisibilityModel={{ email: !phone, emailConfirmed: !phone }}
      />
    </ConsolePage>
  );
}
