import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { GridColDef, GridSortModel } from '@mui/x-data-grid';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  type ConsoleStatement,
  STATEMENT_SORTS,
  type StatementSort,
  type StatementsQuery,
} from '#common/api/admin-payouts.ts';
import { useErrorText } from '../errors.ts';
import { useLocale, useTexts } from '../locale.tsx';
import { ConsoleGrid } from '../ui/ConsoleGrid.tsx';
import { MarkPaidDialog } from './MarkPaidDialog.tsx';
import { monthQuery } from './queries.ts';
import { euros, payoutTexts, whole } from './texts.ts';

const isSort = (field: string): field is StatementSort => (STATEMENT_SORTS as readonly string[]).includes(field);

/** A month's statements, paged and sorted by the server; a due one can be marked paid from its row. */
export function StatementsGrid({ period }: { period: string }) {
  const t = useTexts(payoutTexts);
  const { locale } = useLocale();
  const { say } = useErrorText();
  const [q, setQ] = useState<StatementsQuery>({ page: 0, pageSize: 25, sort: 'state', order: 'asc' });
  const [paying, setPaying] = useState<ConsoleStatement | null>(null);
  const page = useQuery(monthQuery(period, q));
  const columns: GridColDef<ConsoleStatement>[] = [
    { field: 'showName', headerName: t.colShow, flex: 1, minWidth: 140 },
    {
      field: 'coins',
      headerName: t.colCoins,
      type: 'number',
      width: 100,
      valueFormatter: (v: number) => whole(locale, v),
    },
    {
      field: 'amountCents',
      headerName: t.colAmount,
      type: 'number',
      width: 120,
      valueFormatter: (v: number) => euros(locale, v),
    },
    {
      field: 'state',
      headerName: t.colState,
      width: 120,
      valueFormatter: (v: ConsoleStatement['state']) => t[`state_${v}`],
    },
    { field: 'paidOn', headerName: t.colPaidOn, width: 120 },
    {
      field: 'action',
      headerName: t.colAction,
      sortable: false,
      filterable: false,
      width: 190,
      renderCell: ({ row }) =>
        row.state === 'due' ? (
          <Button
            size="small"
            variant="outlined"
            aria-label={t.markPaidFor(row.showName)}
            onClick={() => setPaying(row)}
          >
            {t.markPaid}
          </Button>
        ) : null,
    },
  ];
  const sortModel: GridSortModel = [{ field: q.sort, sort: q.order }];
  return (
    <>
      <ConsoleGrid<ConsoleStatement>
        label={t.grid(period)}
        rows={page.data?.statements ?? []}
        columns={columns}
        loading={page.isFetching}
        rowCount={page.data?.total ?? 0}
        paginationMode="server"
        sortingMode="server"
        disableColumnFilter
        paginationModel={{ page: q.page, pageSize: q.pageSize }}
        onPaginationModelChange={(m) => setQ((prev) => ({ ...prev, page: m.page, pageSize: m.pageSize }))}
        sortModel={sortModel}
        onSortModelChange={([s]) =>
          setQ((prev) =>
            s && isSort(s.field)
              ? { ...prev, page: 0, sort: s.field, order: s.sort === 'desc' ? 'desc' : 'asc' }
              : { ...prev, page: 0, sort: 'state', order: 'asc' },
          )
        }
      />
      {page.error && <Alert severity="error">{say(page.error)}</Alert>}
      {paying && <MarkPaidDialog statement={paying} onClose={() => setPaying(null)} />}
    </>
  );
}
