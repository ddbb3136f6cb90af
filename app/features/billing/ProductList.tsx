import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { BillingResponse, PaymentType, Product } from '#common/api/billing.ts';
import { OptionCard } from './OptionCard.tsx';
import { couponCoins, formatMoney, productDisabled } from './selection.ts';

const GRID = { display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } } as const;

function ProductLabel({
  type,
  product,
  campaign,
  disabled,
}: {
  type: PaymentType;
  product: Product;
  campaign: BillingResponse['campaign'];
  disabled: boolean;
}) {
  const { t, i18n } = useTranslation();
  const num = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  const price = formatMoney(product.price_cents, product.currency, i18n.language);
  const extra = couponCoins(product, campaign);
  if (type.kind === 'phone') {
    return (
      <Box>
        <Typography sx={{ fontWeight: 700 }}>
          {t('billing.products.per_minute', { count: product.coins, coins: num(product.coins) })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('billing.products.price_per_minute', { price })}
        </Typography>
      </Box>
    );
  }
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 700 }}>
          {t('billing.products.coins', { count: product.coins, coins: num(product.coins) })}
        </Typography>
        {product.bonus_coins > 0 && (
          <Typography variant="body2" color="success.main">
            {t('billing.products.bonus', { count: product.bonus_coins, coins: num(product.bonus_coins) })}
          </Typography>
        )}
        {extra > 0 && (
          <Typography variant="body2" color="secondary.main">
            {t('billing.products.coupon_bonus', { count: extra, coins: num(extra) })}
          </Typography>
        )}
        {disabled && (
          <Typography variant="body2" color="text.secondary">
            {t('billing.products.over_limit')}
          </Typography>
        )}
      </Box>
      <Stack spacing={0.5} sx={{ alignItems: 'flex-end', flexShrink: 0 }}>
        <Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>{price}</Typography>
        {product.isDefault && <Chip size="small" color="primary" label={t('billing.products.popular')} />}
      </Stack>
    </Stack>
  );
}

/** The packages of the selected payment type as a radio group; those over the spend limit are disabled. */
export function ProductList({
  type,
  selected,
  onSelect,
  campaign,
  limit,
  disabled,
}: {
  type: PaymentType;
  selected: Product | null;
  onSelect: (id: number) => void;
  campaign: BillingResponse['campaign'];
  limit: BillingResponse['limit'];
  disabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Box component="section" aria-labelledby="billing-products-title">
      <Typography id="billing-products-title" component="h2" variant="h6" sx={{ mb: 1 }}>
        {t('billing.products.title')}
      </Typography>
      {type.products.length === 0 ? (
        <Typography color="text.secondary">{t('billing.products.empty')}</Typography>
      ) : (
        <RadioGroup
          aria-labelledby="billing-products-title"
          value={selected ? String(selected.id) : ''}
          onChange={(_, value) => onSelect(Number(value))}
          sx={GRID}
        >
          {type.products.map((product) => {
            const off = productDisabled(type, product, limit);
            return (
              <OptionCard
                key={product.id}
                value={product.id}
                selected={product.id === selected?.id}
                disabled={disabled || off}
                label={<ProductLabel type={type} product={product} campaign={campaign} disabled={off} />}
              />
            );
          })}
        </RadioGroup>
      )}
    </Box>
  );
}

/** The lists' loading state: the shapes of the cards to come. */
export function BillingSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack spacing={3} role="status" aria-busy="true" aria-label={t('billing.loading')}>
      {[2, 4].map((n) => (
        <Box key={n}>
          <Skeleton variant="text" width={160} height={32} />
          <Box sx={GRID}>
            {Array.from({ length: n }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
              <Skeleton key={i} variant="rounded" height={72} />
            ))}
          </Box>
        </Box>
      ))}
    </Stack>
  );
}
