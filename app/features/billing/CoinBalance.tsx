import TollIcon from '@mui/icons-material/Toll';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { routeNames } from '#app/route-names.ts';

/** The member's coins; a link to buy more once billing exists. */
export function CoinBalance({ coins }: { coins: number }) {
  const { t, i18n } = useTranslation();
  const label = t('navbar.coins', { count: coins });
  const amount = new Intl.NumberFormat(i18n.language).format(coins);
  if (routeNames.has('billing')) {
    return (
      <Button component={RouterLink} to="/billing" color="inherit" startIcon={<TollIcon />} aria-label={label}>
        {amount}
      </Button>
    );
  }
  return (
    <Chip
      icon={<TollIcon />}
      label={amount}
      aria-label={label}
      role="status"
      variant="outlined"
      sx={{ color: 'inherit', borderColor: 'currentColor', '& .MuiChip-icon': { color: 'inherit' } }}
    />
  );
}
