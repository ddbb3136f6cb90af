import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { SPLASH_LINKS, useAgeGateOpen } from './age-gate.ts';
import { useConfirmSplash } from './api.ts';

/** Where "Leave" takes a visitor who is not of age. */
export const SPLASH_LEAVE_URL = 'https://www.google.com';

/** The 18+ splash: a modal until the session confirms the age; "Leave" goes to a search engine. */
export function AgeSplash({ leave = (url: string) => window.location.assign(url) }: { leave?: (url: string) => void }) {
  const { t } = useTranslation();
  const confirm = useConfirmSplash();
  const open = useAgeGateOpen();
  return (
    <Dialog open={open} aria-labelledby="splash-title" aria-describedby="splash-body" maxWidth="sm">
      <DialogTitle id="splash-title" sx={{ pb: 1 }}>
        <Typography component="span" variant="h5" sx={{ fontWeight: 700, color: 'primary.main', mr: 1 }}>
          18+
        </Typography>
        {t('splash.title')}
      </DialogTitle>
      <DialogContent>
        <Typography id="splash-body" variant="body1" sx={{ mb: 2 }}>
          {t('splash.body')}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
          {t('splash.read_more')}
        </Typography>
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}>
          {SPLASH_LINKS.map((l) => (
            <Link key={l.route} href={l.to} target="_blank" rel="noopener" variant="body2">
              {t(l.label)}
            </Link>
          ))}
        </Stack>
        {confirm.isError && (
          <Typography role="alert" variant="body2" sx={{ color: 'error.main', mt: 2 }}>
            {t('errors.unknown_error')}
          </Typography>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, gap: 1, flexWrap: 'wrap' }}>
        <Button variant="outlined" onClick={() => leave(SPLASH_LEAVE_URL)}>
          {t('splash.leave')}
        </Button>
        <Button variant="contained" onClick={() => confirm.mutate()} loading={confirm.isPending}>
          {t('splash.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
