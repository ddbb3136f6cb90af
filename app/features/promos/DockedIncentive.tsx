import CardGiftcardIcon from '@mui/icons-material/CardGiftcard';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { IncentiveCard } from './IncentiveCard.tsx';

type Props = {
  expanded: boolean;
  onToggle: () => void;
  remainingMs: number;
  videoId: number | null;
  voucherPercent: number | null;
};

/**
 * The welcome offer in the permanent side menu: folded, a menu item with the gift; open, a flat
 * card as wide as the menu with a button that folds it. A click moves the focus to what replaces
 * the clicked control; opening by itself takes no focus.
 */
export function DockedIncentive(props: Props) {
  const { t } = useTranslation();
  const show = useRef<HTMLDivElement>(null);
  const hide = useRef<HTMLButtonElement>(null);
  const clicked = useRef(false);
  const toggle = () => {
    clicked.current = true;
    props.onToggle();
  };
  useEffect(() => {
    if (!clicked.current) return;
    clicked.current = false;
    (props.expanded ? hide.current : show.current)?.focus();
  }, [props.expanded]);

  if (!props.expanded) {
    return (
      <ListItemButton ref={show} aria-expanded={false} onClick={toggle} sx={{ color: 'primary.main' }}>
        <ListItemIcon sx={{ minWidth: 40, color: 'inherit' }}>
          <CardGiftcardIcon />
        </ListItemIcon>
        <ListItemText primary={t('incentive.show')} />
      </ListItemButton>
    );
  }
  return (
    <Box sx={{ p: 1 }}>
      <IncentiveCard
        remainingMs={props.remainingMs}
        videoId={props.videoId}
        voucherPercent={props.voucherPercent}
        docked
        action={
          <IconButton ref={hide} size="small" aria-label={t('incentive.hide')} aria-expanded onClick={toggle}>
            <CloseIcon fontSize="small" />
          </IconButton>
        }
      />
    </Box>
  );
}
