import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '#app/features/session/api.ts';

/** A tip to go with the message: none or one of the configured amounts (as the chat's tip selector offers). */
export function TipChoice({
  value,
  onChange,
  disabled,
}: {
  value: number;
  onChange: (tip: number) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const amounts = usePublicConfig().chat.tip_amounts;
  const labelId = useId();
  if (amounts.length === 0) return null;
  return (
    <>
      <Typography id={labelId} variant="caption" color="text.secondary">
        {t('messages.composer.tip')}
      </Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={value}
        disabled={disabled}
        aria-labelledby={labelId}
        onChange={(_, next: number | null) => onChange(next ?? 0)}
        sx={{ flexWrap: 'wrap' }}
      >
        <ToggleButton value={0}>{t('messages.composer.no_tip')}</ToggleButton>
        {amounts.map((a) => (
          <ToggleButton key={a} value={a}>
            {t('messages.composer.tip_amount', { count: a })}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </>
  );
}
