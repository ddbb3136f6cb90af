import CallIcon from '@mui/icons-material/Call';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { PaymentType } from '#common/api/billing.ts';
import { OptionCard } from './OptionCard.tsx';

const KNOWN = new Set(['card', 'voicecall']);

/** The name of a payment type in the interface language (the server's stable key for unknown ones). */
export function usePaymentTypeName() {
  const { t } = useTranslation();
  return (type: PaymentType) => (KNOWN.has(type.name) ? t(`billing.types.${type.name}`) : type.name);
}

/**
 * The payment types as a radio group. Collapsed (the types-expanded toggle off), only the selected
 * type shows, with a button that shows the others.
 */
export function PaymentTypeList({
  types,
  selected,
  onSelect,
  expanded,
  onToggle,
  disabled,
}: {
  types: PaymentType[];
  selected: PaymentType;
  onSelect: (id: number) => void;
  expanded: boolean;
  onToggle: () => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const name = usePaymentTypeName();
  const shown = expanded ? types : types.filter((p) => p.id === selected.id);
  return (
    <Box component="section" aria-labelledby="billing-types-title">
      <Typography id="billing-types-title" component="h2" variant="h6" sx={{ mb: 1 }}>
        {t('billing.types.title')}
      </Typography>
      <RadioGroup
        aria-labelledby="billing-types-title"
        value={String(selected.id)}
        onChange={(_, value) => onSelect(Number(value))}
        sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}
      >
        {shown.map((type) => (
          <OptionCard
            key={type.id}
            value={type.id}
            selected={type.id === selected.id}
            disabled={disabled}
            label={
              <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
                {type.kind === 'phone' ? <CallIcon color="action" /> : <CreditCardIcon color="action" />}
                <Box sx={{ minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600 }}>{name(type)}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t(type.kind === 'phone' ? 'billing.types.phone_hint' : 'billing.types.card_hint')}
                  </Typography>
                </Box>
              </Stack>
            }
          />
        ))}
      </RadioGroup>
      {types.length > 1 && (
        <Button size="small" onClick={onToggle} aria-expanded={expanded} sx={{ mt: 1 }}>
          {t(expanded ? 'billing.types.less' : 'billing.types.more')}
        </Button>
      )}
    </Box>
  );
}
