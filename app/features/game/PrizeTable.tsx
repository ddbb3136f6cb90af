import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { GameStatus } from '#common/api/game.ts';
import { percentText, prizeText } from './prize-text.ts';
import { ReelSymbol } from './ReelSymbol.tsx';

/** The prize table with every line's chance, the chance of no prize included: nothing is hidden. */
export function PrizeTable({ status }: { status: GameStatus }) {
  const { t, i18n } = useTranslation();
  return (
    <Box component="section" aria-labelledby="game-prizes">
      <Typography id="game-prizes" variant="h5" component="h2" sx={{ mb: 1 }}>
        {t('game.table.title')}
      </Typography>
      <Table size="small" aria-labelledby="game-prizes">
        <TableHead>
          <TableRow>
            <TableCell>{t('game.table.combination')}</TableCell>
            <TableCell>{t('game.table.prize')}</TableCell>
            <TableCell align="right">{t('game.table.chance')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {status.prizes.map((line) => (
            <TableRow key={line.symbol}>
              <TableCell sx={{ width: '1%', whiteSpace: 'nowrap' }}>
                <Box sx={{ display: 'flex', gap: 0.5 }} role="img" aria-label={t(`game.symbols_three.${line.symbol}`)}>
                  {[0, 1, 2].map((k) => (
                    <ReelSymbol key={k} symbol={line.symbol} size="1.5rem" />
                  ))}
                </Box>
              </TableCell>
              <TableCell>
                {prizeText(t, line.prize)}
                <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                  {t('game.table.valid_days', { count: line.prize.valid_days })}
                </Typography>
              </TableCell>
              <TableCell align="right">{percentText(i18n.language, line.chance)}</TableCell>
            </TableRow>
          ))}
          <TableRow>
            <TableCell>{t('game.table.other')}</TableCell>
            <TableCell>{t('game.table.nothing')}</TableCell>
            <TableCell align="right">{percentText(i18n.language, status.loss_chance)}</TableCell>
          </TableRow>
        </TableBody>
      </Table>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
        {t('game.table.note')}
      </Typography>
    </Box>
  );
}
