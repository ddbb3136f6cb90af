import CardGiftcardIcon from '@mui/icons-material/CardGiftcard';
import Box from '@mui/material/Box';
import Fab from '@mui/material/Fab';
import Stack from '@mui/material/Stack';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUser } from '#app/features/session/api.ts';
import { useNow } from '#app/platform/use-now.ts';
import { INCENTIVE_DISABLED, INCENTIVE_EXPAND_DELAY_MS, INCENTIVE_OVERTIME_MS } from '#common/constants.ts';
import { useIncentive } from './api.ts';
import { DockedIncentive } from './DockedIncentive.tsx';
import { IncentiveCard } from './IncentiveCard.tsx';
import { incentiveOpensByItself, incentiveRemainingMs, incentiveVisible } from './incentive.ts';
import { useIncentiveStore } from './store.ts';

/**
 * The sign-up incentive, for logged-out visitors only: floating at the bottom on phones, docked in
 * the permanent side menu on wider screens (`docked`), where the page keeps its room.
 */
export function IncentiveWidget({ docked = false }: { docked?: boolean }) {
  return useUser() ? null : <VisitorIncentive docked={docked} />;
}

/** The offer docked in the permanent side menu (loaded lazily by the layout). */
export const MenuIncentive = () => <IncentiveWidget docked />;

/**
 * The first visit stores "now" (seconds); the server keeps the first timestamp it saw and
 * answers with it. The widget shows once that call has finished.
 */
function VisitorIncentive({ docked }: { docked: boolean }) {
  const stored = useIncentiveStore((s) => s.incentiveTsp);
  const setStored = useIncentiveStore((s) => s.setIncentiveTsp);
  const [first] = useState(() => stored ?? Math.floor(Date.now() / 1000));
  const tsp = stored ?? first;
  const answer = useIncentive(tsp === INCENTIVE_DISABLED ? null : tsp);
  const serverTsp = answer.data?.incentive_tsp ?? null;

  useEffect(() => {
    if (stored === null) setStored(first);
  }, [stored, first, setStored]);
  useEffect(() => {
    if (serverTsp !== null && serverTsp !== stored) setStored(serverTsp);
  }, [serverTsp, stored, setStored]);

  if (!answer.data || tsp === INCENTIVE_DISABLED || serverTsp === null) return null;
  return (
    <Incentive
      tsp={serverTsp}
      videoId={answer.data.video_id}
      voucherPercent={answer.data.voucher_percent}
      docked={docked}
    />
  );
}

function Incentive(props: { tsp: number; videoId: number | null; voucherPercent: number | null; docked: boolean }) {
  const { t } = useTranslation();
  const [active, setActive] = useState(true);
  const now = useNow(1000, active);
  const [expanded, setExpanded] = useState(false);
  const opensByItself = useIncentiveStore((s) => incentiveOpensByItself(props.tsp, s.incentiveHidden));
  const setHidden = useIncentiveStore((s) => s.setIncentiveHidden);
  const visible = incentiveVisible(props.tsp, now);
  const remaining = incentiveRemainingMs(props.tsp, now);
  const toggle = () => {
    setExpanded(!expanded);
    setHidden(expanded ? props.tsp : null);
  };

  useEffect(() => {
    if (!opensByItself) return;
    const timer = setTimeout(() => setExpanded(true), INCENTIVE_EXPAND_DELAY_MS);
    return () => clearTimeout(timer);
  }, [opensByItself]);
  useEffect(() => {
    if (remaining < -INCENTIVE_OVERTIME_MS) setActive(false);
  }, [remaining]);

  if (!visible) return null;
  if (props.docked) {
    return (
      <DockedIncentive
        expanded={expanded}
        onToggle={toggle}
        remainingMs={remaining}
        videoId={props.videoId}
        voucherPercent={props.voucherPercent}
      />
    );
  }
  // The card opens above the button out of the flow: the widget's own box keeps its place, so
  // opening it moves nothing on the page (no layout shift).
  return (
    <Stack sx={{ position: 'relative', alignItems: 'flex-end', pointerEvents: 'auto' }}>
      {expanded && (
        <Box sx={{ position: 'absolute', right: 0, bottom: '100%', mb: 1 }}>
          <IncentiveCard remainingMs={remaining} videoId={props.videoId} voucherPercent={props.voucherPercent} />
        </Box>
      )}
      <Fab
        color="primary"
        aria-label={t(expanded ? 'incentive.hide' : 'incentive.show')}
        aria-expanded={expanded}
        onClick={toggle}
      >
        <CardGiftcardIcon />
      </Fab>
    </Stack>
  );
}
