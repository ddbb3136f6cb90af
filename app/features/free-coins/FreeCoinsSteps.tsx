import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { PendingCode } from '#common/api/free-coins.ts';
import { CodeStep } from './CodeStep.tsx';
import { PhoneStep } from './PhoneStep.tsx';

const STEPS = ['phone', 'code', 'done'] as const;

/** Phone number → code from the SMS → coins added. A pending code (also after a reload) opens the code step. */
export function FreeCoinsSteps({
  userId,
  pending,
  added,
  onAdded,
}: {
  userId: number;
  pending: PendingCode | null;
  added: number | null;
  onAdded: (coins: number) => void;
}) {
  const { t } = useTranslation();
  // The number typed on this visit, so a new code can be sent to it; unknown after a reload.
  const [phone, setPhone] = useState<string | null>(null);
  const [changing, setChanging] = useState(false);
  const step = added !== null ? 2 : pending && !changing ? 1 : 0;
  return (
    <Stack spacing={3}>
      <Stepper activeStep={step} alternativeLabel aria-label={t('free_coins.steps.label')}>
        {STEPS.map((key, i) => (
          <Step key={key} completed={i < step || added !== null}>
            <StepLabel>{t(`free_coins.steps.${key}`)}</StepLabel>
          </Step>
        ))}
      </Stepper>
      {step === 0 && (
        <PhoneStep
          userId={userId}
          onSent={(typed) => {
            setPhone(typed);
            setChanging(false);
          }}
        />
      )}
      {step === 1 && pending && (
        <CodeStep
          userId={userId}
          pending={pending}
          phone={phone}
          onChangeNumber={() => setChanging(true)}
          onAdded={onAdded}
        />
      )}
      {step === 2 && (
        <Stack spacing={2}>
          <Alert severity="success" role="status">
            {t('free_coins.done.text', { count: added ?? 0 })}
          </Alert>
          <Button component={RouterLink} to="/" variant="contained" sx={{ alignSelf: 'flex-start' }}>
            {t('free_coins.to_shows')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
