import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FormAlert } from '#app/ui/FormAlert.tsx';

export type NextStep = { to: string; label: string };

/**
 * A mailed link that was used already or has expired: says so, says what to do next and offers
 * it. The first step is the main one.
 */
export function LinkExpired({ next, steps }: { next: string; steps: NextStep[] }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      <FormAlert message="errors.link_expired" />
      <Typography>{t(next)}</Typography>
      {steps.map((step, i) => (
        <Button
          key={step.to}
          component={RouterLink}
          to={step.to}
          variant={i === 0 ? 'contained' : 'outlined'}
          fullWidth
        >
          {t(step.label)}
        </Button>
      ))}
    </Stack>
  );
}
