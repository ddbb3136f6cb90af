import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { VoicecallPanel } from '#app/features/voicecall/VoicecallPanel.tsx';
import type { BillingResponse } from '#common/api/billing.ts';
import { CardCheckout } from './CardCheckout.tsx';
import { PaymentDialogs } from './PaymentDialogs.tsx';
import { PaymentTypeList } from './PaymentTypeList.tsx';
import { ProductList } from './ProductList.tsx';
import { readPreselection, selectPaymentType, selectProduct } from './selection.ts';
import { type PaymentNotice, usePayment } from './use-payment.ts';

function Notice({ notice, onOpen }: { notice: PaymentNotice | null; onOpen: () => void }) {
  const { t } = useTranslation();
  if (notice?.kind === 'blocked') {
    return (
      <Alert severity="warning" role="alert">
        {t('billing.blocked.text')}{' '}
        <Link
          href={notice.link}
          target="payment"
          onClick={(e) => {
            e.preventDefault();
            onOpen();
          }}
          sx={{ fontWeight: 700 }}
        >
          {t('billing.blocked.open')}
        </Link>
      </Alert>
    );
  }
  if (notice?.kind === 'closed_pending') {
    return (
      <Alert severity="info" role="status">
        {t('billing.closed_pending', { id: notice.id })}
      </Alert>
    );
  }
  return null;
}

/**
 * The payment type and product choice (preselected from the address), then the card checkout or
 * the voice-call panel, and the payment's result dialogs.
 */
export function BillingChoice({ data, code }: { data: BillingResponse; code: string | null }) {
  const [search] = useSearchParams();
  const [pre] = useState(() => readPreselection(search));
  const [typeId, setTypeId] = useState(pre.paymenttypeid);
  const [productId, setProductId] = useState(pre.productid);
  const type = selectPaymentType(data.paymentTypes, { id: typeId, name: pre.paymenttypename });
  const preselected = data.paymentTypes.some((p) => p.id === pre.paymenttypeid || p.name === pre.paymenttypename);
  const [expanded, setExpanded] = useState(!preselected);
  const payment = usePayment();
  if (!type) return null;
  const product = selectProduct(type, productId, data.limit);

  return (
    <Stack spacing={3}>
      <PaymentTypeList
        types={data.paymentTypes}
        selected={type}
        onSelect={setTypeId}
        expanded={expanded}
        onToggle={() => setExpanded((v) => !v)}
        disabled={payment.busy}
      />
      <ProductList
        type={type}
        selected={product}
        onSelect={setProductId}
        campaign={data.campaign}
        limit={data.limit}
        disabled={payment.busy}
      />
      <Notice notice={payment.notice} onOpen={payment.reopen} />
      {type.kind === 'phone' ? (
        product && <VoicecallPanel key={`${type.id}:${product.id}`} paymentType={type} product={product} />
      ) : (
        <CardCheckout
          product={product}
          busy={payment.busy}
          errors={payment.errors}
          onWaiverChange={() => payment.clearError('withdrawal_waiver')}
          onPay={() =>
            product &&
            payment.pay({
              paymenttypeid: type.id,
              productid: product.id,
              withdrawal_waiver: true,
              ...(code ? { code } : {}),
            })
          }
        />
      )}
      <PaymentDialogs dialog={payment.dialog} onClose={payment.closeDialog} />
    </Stack>
  );
}
