import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { GridColDef, GridPaginationModel } from '@mui/x-data-grid';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { SupportConversation } from '#common/api/admin-support.ts';
import { useTexts } from '../locale.tsx';
import { ConsoleGrid } from '../ui/ConsoleGrid.tsx';
import { ConsolePage } from '../ui/ConsolePage.tsx';
import { supportListQuery, utcMinute } from './queries.ts';
import { supportTexts } from './texts.ts';

const EXCERPT = 140;
const excerpt = (body: string) => (body.length > EXCERPT ? `${body.slice(0, EXCERPT - 1)}…` : body);

/** The support desk: members' conversations, those with unread messages first and marked. */
export default function SupportDeskPage() {
  const t = useTexts(supportTexts);
  const phone = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [paging, setPaging] = useState<GridPaginationModel>({ page: 0, pageSize: 25 });
  const list = useQuery(supportListQuery({ unreadOnly, page: paging.page + 1, pageSize: paging.pageSize }));
  const columns: GridColDef<SupportConversation>[] = [
    {
      field: 'email',
      headerName: t.colMember,
      flex: 1,
      minWidth: 180,
      sortable: false,
      renderCell: ({ row }) => (
        <Link component={RouterLink} to={`/admin/support/${row.id}`} sx={{ fontWeight: row.unread > 0 ? 700 : 400 }}>
          {row.email}
        </Link>
      ),
    },
    {
      field: 'lastBody',
      headerName: t.colLast,
      flex: 2,
      minWidth: 200,
      sortable: false,
      valueGetter: (_v, row) => `${row.lastFromDesk ? `${t.deskAuthor}: ` : ''}${excerpt(row.lastBody ?? '')}`,
    },
    {
      field: 'lastMessageAt',
      headerName: t.colTime,
      width: 170,
      sortable: false,
      valueFormatter: (value: string | null) => utcMinute(value),
    },
    {
      field: 'unread',
      headerName: t.colUnread,
      width: 120,
      sortable: false,
      renderCell: ({ row }) =>
        row.unread > 0 ? <Chip size="small" color="primary" label={t.unreadCount(row.unread)} /> : '0',
    },
  ];
  const total = list.data?.total ?? 0;
  return (
    <ConsolePage title={t.title} loading={list.isPending} error={list.error}>
      <FormControlLabel
        control={
          <Switch
            checked={unreadOnly}
            onChange={(e) => {
              setUnreadOnly(e.target.checked);
              setPaging((p) => ({ ...p, page: 0 }));
            }}
          />
        }
        label={t.unreadOnly}
      />
      <Typography role="status">
        {total === 0
          ? unreadOnly
            ? t.emptyUnread
            : t.empty
          : t.counts(unreadOnly ? total : total, list.data?.unread ?? 0)}
      </Typography>
      <ConsoleGrid<SupportConversation>
        label={t.grid}
        rows={list.data?.conversations ?? []}
        columns={columns}
        rowCount={total}
        loading={list.isFetching}
        paginationMode="server"
        paginationModel={paging}
        onPaginationModelChange={setPaging}
        disableColumnFilter
        getRowClassName={({ row }) => (row.unread > 0 ? 'unread' : '')}
        columnVisibilityModel={{ lastBody: !phone, lastMessageAt: !phone }}
      />
    </ConsolePage>
  );
}
