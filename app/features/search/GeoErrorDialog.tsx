import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** The FAQ answer on why and how the site uses the position (the privacy part of the FAQ). */
export const FAQ_LOCATION_LINK = '/faq#q-12';

/** The texts of a failed position lookup: 1 denied, 2 unavailable, 3 timed out, else the default. */
export function geoErrorKeys(code: number | null): { title: string; content: string } {
  switch (code) {
    case 1:
      return { title: 'navbar.search.geosearch.errno1.title', content: 'navbar.search.geosearch.errno1.content' };
    case 2:
      return { title: 'navbar.search.geosearch.errno2.title', content: 'navbar.search.geosearch.errno2.content' };
    case 3:
      return { title: 'navbar.search.geosearch.errno3.title', content: 'navbar.search.geosearch.errno3.content' };
    default:
      return { title: 'navbar.search.geosearch.default.title', content: 'navbar.search.geosearch.default.content' };
  }
}

/** Why the geo search could not find the position, with the FAQ's privacy answer. */
export function GeoErrorDialog({ code, onClose }: { code: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  // Keep the last texts while the dialog closes.
  const [shown, setShown] = useState(code);
  if (code !== null && code !== shown) setShown(code);
  const keys = geoErrorKeys(shown);
  return (
    <Dialog open={code !== null} onClose={onClose} aria-labelledby="geo-error-title" maxWidth="xs" fullWidth>
      <DialogTitle id="geo-error-title">{t(keys.title)}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t(keys.content)}</DialogContentText>
        <Link component={RouterLink} to={FAQ_LOCATION_LINK} onClick={onClose}>
          {t('navbar.search.geosearch.faq_link')}
        </Link>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {t('navbar.search.geosearch.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
