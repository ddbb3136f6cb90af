import MyLocationIcon from '@mui/icons-material/MyLocation';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { lazyPart } from '#app/lazy-page.ts';
import { useOpenedOnce } from '#app/ui/use-opened-once.ts';
import { GEO_MAX_AGE_MS } from '#common/constants.ts';
import { roundCoordinate, searchHref } from './search-params.ts';

// The error dialog loads only when a lookup fails.
const GeoErrorDialog = lazyPart(() => import('./GeoErrorDialog.tsx').then((m) => m.GeoErrorDialog));

/** How long the browser may take to find the position before it reports a timeout (code 3). */
export const GEO_TIMEOUT_MS = 20_000;

/**
 * Geo search (spec part 1 "Geo search"): the browser's position (at most 10 minutes old) opens
 * the shows search nearest first; a failure opens a dialog with the text of its error code.
 */
export function GeoSearchButton({ onSearch }: { onSearch?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [locating, setLocating] = useState(false);
  const [errorCode, setErrorCode] = useState<number | null>(null);
  const mounted = useOpenedOnce(errorCode !== null);

  const locate = () => {
    if (locating) return;
    const geo = typeof navigator !== 'undefined' ? navigator.geolocation : undefined;
    if (!geo) {
      setErrorCode(0);
      return;
    }
    setLocating(true);
    geo.getCurrentPosition(
      (position) => {
        setLocating(false);
        onSearch?.();
        void navigate(
          searchHref('/search/shows', {
            lat: roundCoordinate(position.coords.latitude),
            lon: roundCoordinate(position.coords.longitude),
          }),
        );
      },
      (error) => {
        setLocating(false);
        setErrorCode(error.code);
      },
      { maximumAge: GEO_MAX_AGE_MS, timeout: GEO_TIMEOUT_MS },
    );
  };

  return (
    <>
      <IconButton
        color="inherit"
        onClick={locate}
        aria-label={t('navbar.search.geosearch.button')}
        aria-busy={locating || undefined}
      >
        {locating ? <CircularProgress size={22} color="inherit" aria-hidden /> : <MyLocationIcon />}
      </IconButton>
      {mounted && (
        <Suspense fallback={null}>
          <GeoErrorDialog code={errorCode} onClose={() => setErrorCode(null)} />
        </Suspense>
      )}
    </>
  );
}
