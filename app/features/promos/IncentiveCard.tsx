import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatCountdown, incentiveExpired } from './incentive.ts';

/**
 * The expanded offer: preview, text, countdown and the sign-up button. Floating it is a raised
 * card; `docked` in the side menu it takes the menu's width and lies flat.
 */
export function IncentiveCard(props: {
  remainingMs: number;
  videoId: number | null;
  voucherPercent: number | null;
  docked?: boolean;
  /** Beside the title (the docked card's button that folds it). */
  action?: ReactNode;
}) {
  const { t } = useTranslation();
  const expired = incentiveExpired(props.remainingMs);
  return (
    <Paper
      elevation={props.docked ? 0 : 8}
      variant={props.docked ? 'outlined' : 'elevation'}
      sx={props.docked ? { p: 1.25 } : { p: 2, width: 280, maxWidth: 'calc(100vw - 32px)' }}
      aria-labelledby="incentive-title"
    >
      {props.videoId !== null && (
        <Box
          component="img"
          src={`/api/videos/image/${props.videoId}/1`}
          alt={t('incentive.preview')}
          width={248}
          height={186}
          sx={{
            width: '100%',
            height: 'auto',
            // Docked, a wider crop keeps the menu's items in view.
            aspectRatio: props.docked ? '16 / 9' : '4 / 3',
            objectFit: 'cover',
            borderRadius: 1,
            mb: 1,
          }}
        />
      )}
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5 }}>
        <Typography
          id="incentive-title"
          variant={props.docked ? 'subtitle2' : 'subtitle1'}
          component="h2"
          // Long German compounds break (the catalog marks where) rather than overflow the card.
          sx={{ fontWeight: 700, flex: 1, minWidth: 0, hyphens: 'auto', overflowWrap: 'break-word' }}
        >
          {t('incentive.title')}
        </Typography>
        {props.action}
      </Box>
      {/* The offer as the server made it: the video, the bonus, or both (the free video by default). */}
      {(props.videoId !== null || props.voucherPercent === null) && (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {t('incentive.body')}
        </Typography>
      )}
      {props.voucherPercent !== null && (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {t(props.videoId !== null ? 'incentive.voucher_extra' : 'incentive.voucher', {
            percent: props.voucherPercent,
          })}
        </Typography>
      )}
      <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block', mt: 0.5 }}>
        {t('incentive.first_only')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 1, my: props.docked ? 1 : 1.5 }}>
        {expired ? (
          <Typography variant="body2" sx={{ color: 'warning.main', fontWeight: 600 }}>
            {t('incentive.expired')}
          </Typography>
        ) : (
          <>
            <Typography variant="body2">{t('incentive.ends_in')}</Typography>
            <Typography role="timer" variant="h6" component="span" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatCountdown(props.remainingMs)}
            </Typography>
          </>
        )}
      </Box>
      <Button
        component={RouterLink}
        to="#sign-in"
        variant="contained"
        fullWidth
        size={props.docked ? 'small' : 'medium'}
      >
        {t('incentive.signup')}
      </Button>
    </Paper>
  );
}
