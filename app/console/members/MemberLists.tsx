import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { GridColDef, GridPaginationModel } from '@mui/x-data-grid';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import type { LedgerLine, MemberOrder, MemberSession } from '#common/api/admin-members.ts';
import { useErrorText } from '../errors.ts';
import { useLocale, useTexts } from '../locale.tsx';
import { useMay } from '../session.ts';
import { ConsoleGrid } from '../ui/ConsoleGrid.tsx';
import { useRefundAction } from './actions.ts';
import { count, money, signed, utcTime } from './format.ts';
import { type ListPage, listQuery } from './queries.ts';
import { ReasonDialog } from './ReasonDialog.tsx';
import { membersTexts } from './texts.ts';
import { orderStateText, refundText } from './words.ts';

/** Her lists on her page: the ledger, orders and purchases read page by page from the server; her sessions. */

const FIRST: ListPage = { page: 1, pageSize: 25 };
const modelOf = (p: ListPage): GridPaginationModel => ({ page: p.page - 1, pageSize: p.pageSize });
const pageOf = (m: GridPaginationModel): ListPage => ({ page: m.page + 1, pageSize: m.pageSize });

/** A list's heading, its grid, or the words for none, or why it could not be read. */
function Section(props: {
  title: string;
  empty: string;
  total: number | undefined;
  error: unknown;
  note?: string;
  children: ReactNode;
}) {
  const id = useId();
  const { say } = useErrorText();
  return (
    <Box component="section" aria-labelledby={id} sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
      <Typography id={id} variant="h6" component="h2">
        {props.title}
      </Typography>
      {props.note ? <Typography color="text.secondary">{props.note}</Typography> : null}
      {props.error ? (
        <Typography role="alert" color="error">
          {say(props.error)}
        </Typography>
      ) : props.total === 0 ? (
        <Typography>{props.empty}</Typography>
      ) : (
        props.children
      )}
    </Box>
  );
}

/** The grid options every server-paged list of hers shares: newest first, no sorting or filtering of one page. */
const paged = { paginationMode: 'server', disableColumnSorting: true, disableColumnFilter: true } as const;

export function LedgerList({ memberId }: { memberId: number }) {
  const t = useTexts(membersTexts);
  const { locale } = useLocale();
  const phone = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  const [page, setPage] = useState(FIRST);
  const ledger = useQuery(listQuery(memberId, 'ledger', page));
  const columns: GridColDef<LedgerLine>[] = [
    { field: 'createdAt', headerName: t.colTime, width: 170, valueFormatter: (v: string) => utcTime(v) },
    {
      field: 'delta',
      headerName: t.colChange,
      type: 'number',
      width: 110,
      valueFormatter: (v: number) => signed(locale, v),
    },
    {
      field: 'balanceAfter',
      headerName: t.colAfter,
      type: 'number',
      width: 120,
      valueFormatter: (v: number | null) => (v === null ? '' : count(locale, v)),
    },
    { field: 'reason', headerName: t.colReason, width: 130 },
    { field: 'reference', headerName: t.colReference, flex: 1, minWidth: 140 },
  ];
  return (
    <Section title={t.ledgerTitle} empty={t.ledgerEmpty} total={ledger.data?.total} error={ledger.error}>
      <ConsoleGrid<LedgerLine>
        label={t.ledgerTitle}
        rows={ledger.data?.rows ?? []}
        columns={columns}
        loading={ledger.isFetching}
        rowCount={ledger.data?.total ?? 0}
        paginationModel={modelOf(page)}
        onPaginationModelChange={(m) => setPage(pageOf(m))}
        columnVisibilityModel={phone ? { balanceAfter: false, reference: false } : {}}
        {...paged}
      />
    </Section>
  );
}

export function OrdersList({ memberId }: { memberId: number }) {
  const t = useTexts(membersTexts);
  const { locale } = useLocale();
  const phone = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  const mayRefund = useMay('refunds');
  const [page, setPage] = useState(FIRST);
  const [refunding, setRefunding] = useState<MemberOrder | null>(null);
  const orders = useQuery(listQuery(memberId, 'orders', page));
  const refund = useRefundAction(memberId, () => setRefunding(null));
  const columns: GridColDef<MemberOrder>[] = [
    {
      field: 'id',
      headerName: t.colOrder,
      width: 170,
      renderCell: ({ row }) => (
        <span>
          BS{row.id}
          <br />
          {utcTime(row.createdAt)}
        </span>
      ),
    },
    { field: 'provider', headerName: t.colProvider, width: 100 },
    { field: 'providerTxnId', headerName: t.colTxn, width: 160 },
    {
      field: 'state',
      headerName: t.colState,
      width: 160,
      renderCell: ({ row }) => (
        <span>
          {orderStateText(t, row.state)}
          {row.shortfallCoins > 0 ? (
            <>
              <br />
              <Typography component="span" color="error" variant="body2">
                {t.shortfall(row.shortfallCoins)}
              </Typography>
            </>
          ) : null}
        </span>
      ),
    },
    {
      field: 'amountCents',
      headerName: t.colAmount,
      type: 'number',
      width: 110,
      valueFormatter: (_v, row) => money(locale, row.amountCents, row.currency),
    },
    {
      field: 'coins',
      headerName: t.colCoins,
      type: 'number',
      width: 90,
      valueGetter: (_v, row) => row.coins + row.bonusCoins,
      valueFormatter: (v: number) => count(locale, v),
    },
    {
      field: 'refund',
      headerName: t.colRefund,
      flex: 1,
      minWidth: 200,
      renderCell: ({ row }) => (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', py: 0.5 }}>
          {row.refund ? <span>{refundText(t, row.refund)}</span> : null}
          {mayRefund && row.refundable ? (
            <Button size="small" variant="outlined" color="error" onClick={() => setRefunding(row)}>
              {t.refundButton(row.id)}
            </Button>
          ) : null}
        </Box>
      ),
    },
  ];
  return (
    <Section title={t.ordersTitle} empty={t.ordersEmpty} total={orders.data?.total} error={orders.error}>
      <ConsoleGrid<MemberOrder>
        label={t.ordersTitle}
        rows={orders.data?.rows ?? []}
        columns={columns}
        loading={orders.isFetching}
        rowCount={orders.data?.total ?? 0}
        getRowHeight={() => 'auto'}
        paginationModel={modelOf(page)}
        onPaginationModelChange={(m) => setPage(pageOf(m))}
        columnVisibilityModel={phone ? { provider: false, providerTxnId: false, coins: false } : {}}
        {...paged}
      />
      {refunding ? (
        <ReasonDialog
          open
          danger
          title={t.refundTitle(refunding.id)}
          hint={t.refundHint}
          submit={t.refundSubmit}
          pending={refund.isPending}
          error={refund.error}
          onSend={(reason) => refund.mutate({ orderId: refunding.id, reason })}
          onClose={() => setRefunding(null)}
        />
      ) : null}
    </Section>
  );
}

export function PurchasesList({ memberId }: { memberId: number }) {
  const t = useTexts(membersTexts);
  const { locale } = useLocale();
  const [page, setPage] = useState(FIRST);
  const purchases = useQuery(listQuery(memberId, 'purchases', page));
  type Row = { id: string; item: string; coins: number; createdAt: string };
  const rows: Row[] = (purchases.data?.rows ?? []).map((p, i) => ({ ...p, id: `${page.page}-${i}` }));
  const columns: GridColDef<Row>[] = [
    { field: 'createdAt', headerName: t.colTime, width: 170, valueFormatter: (v: string) => utcTime(v) },
    { field: 'item', headerName: t.colItem, flex: 1, minWidth: 140 },
    {
      field: 'coins',
      headerName: t.colCoins,
      type: 'number',
      width: 90,
      valueFormatter: (v: number) => count(locale, v),
    },
  ];
  return (
    <Section title={t.purchasesTitle} empty={t.purchasesEmpty} total={purchases.data?.total} error={purchases.error}>
      <ConsoleGrid<Row>
        label={t.purchasesTitle}
        rows={rows}
        columns={columns}
        loading={purchases.isFetching}
        rowCount={purchases.data?.total ?? 0}
        paginationModel={modelOf(page)}
        onPaginationModelChange={(m) => setPage(pageOf(m))}
        {...paged}
      />
    </Section>
  );
}

export function SessionsList({ sessions }: { sessions: MemberSession[] }) {
  const t = useTexts(membersTexts);
  const phone = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  const rows = sessions.map((s, i) => ({ ...s, id: i }));
  const columns: GridColDef<(typeof rows)[number]>[] = [
    { field: 'createdAt', headerName: t.colStarted, width: 170, valueFormatter: (v: string) => utcTime(v) },
    { field: 'lastSeenAt', headerName: t.colLastSeen, width: 170, valueFormatter: (v: string) => utcTime(v) },
    { field: 'expiresAt', headerName: t.colExpires, width: 170, valueFormatter: (v: string) => utcTime(v) },
    { field: 'agechecked', headerName: t.colAgecheck, width: 130, valueFormatter: (v: boolean) => (v ? t.yes : t.no) },
  ];
  return (
    <Section title={t.sessionsTitle} empty={t.sessionsEmpty} total={sessions.length} error={null} note={t.sessionsNote}>
      <ConsoleGrid
        label={t.sessionsTitle}
        rows={rows}
        columns={columns}
        columnVisibilityModel={phone ? { createdAt: false, expiresAt: false } : {}}
      />
    </Section>
  );
}
