import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
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
  if (amounts.length === 0) return null;
  return (
    <TextField
      select
      size="small"
      label={t('messages.composer.tip')}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(Number(e.target.value))}
      sx={{ minWidth: 150 }}
    >
      <MenuItem value={0}>{t('messages.composer.no_tip')}</MenuItem>
      {amounts.map((a) => (
        <MenuItem key={a} value={a}>
          {t('messages.composer.tip_amount', { count: a })}
        </MenuItem>
      ))}
    </TextField>
  );
}
