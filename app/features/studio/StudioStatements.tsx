import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { StudioStatement } from '#common/api/payouts.ts';
import { dayName, euros, monthName } from './payouts-api.ts';

const STATE_COLOR = { due: 'info', carried: 'default', paid: 'success' } as const;

function StateChip({ state }: { state: StudioStatement['state'] }) {
  const { t } = useTranslation();
  return <Chip size="small" color={STATE_COLOR[state]} label={t(`studio.payouts.state_${state}`)} />;
}

/** Her statements: a table on a wide screen, one card each on a phone. */
export function StudioStatements({ statements }: { statements: StudioStatement[] }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const coins = (n: number) => n.toLocaleString(lang);
  const paidOn = (s: StudioStatement) => (s.paidOn ? dayName(s.paidOn, lang) : '–');
  const carried = (s: StudioStatement) =>
    s.carriedIn > 0 ? t('studio.payouts.carried_in', { coins: coins(s.carriedIn) }) : null;
  return (
    <>
      <Table size="small" sx={{ display: { xs: 'none', md: 'table' } }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('studio.payouts.col_period')}</TableCell>
            <TableCell align="right">{t('studio.payouts.col_coins')}</TableCell>
            <TableCell align="right">{t('studio.payouts.col_rate')}</TableCell>
            <TableCell align="right">{t('studio.payouts.col_amount')}</TableCell>
            <TableCell>{t('studio.payouts.col_state')}</TableCell>
            <TableCell>{t('studio.payouts.col_paid_on')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {statements.map((s) => (
            <TableRow key={s.id}>
              <TableCell component="th" scope="row">
                {monthName(s.period, lang)}
              </TableCell>
              <TableCell align="right">
                {coins(s.coins)}
                {carried(s) && (
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                    {carried(s)}
                  </Typography>
                )}
              </TableCell>
              <TableCell align="right">{t('studio.payouts.rate', { rate: s.centsPerCoin })}</TableCell>
              <TableCell align="right">{euros(s.amountCents, lang)}</TableCell>
              <TableCell>
                <StateChip state={s.state} />
              </TableCell>
              <TableCell>{paidOn(s)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Stack component="ul" spacing={1.5} sx={{ display: { xs: 'flex', md: 'none' }, listStyle: 'none', p: 0, m: 0 }}>
        {statements.map((s) => (
          <Box component="li" key={s.id} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
            <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
              <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
                {monthName(s.period, lang)}
              </Typography>
              <StateChip state={s.state} />
            </Stack>
            <Typography variant="h6" component="p">
              {euros(s.amountCents, lang)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('studio.payouts.coins_count', { coins: coins(s.coins) })} ·{' '}
              {t('studio.payouts.rate', { rate: s.centsPerCoin })}
              {carried(s) ? ` · ${carried(s)}` : ''}
            </Typography>
            {s.paidOn && (
              <Typography variant="body2" color="text.secondary">
                {t('studio.payouts.col_paid_on')}: {paidOn(s)}
              </Typography>
            )}
          </Box>
        ))}
      </Stack>
    </>
  );
}
