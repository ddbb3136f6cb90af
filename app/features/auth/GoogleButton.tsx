import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadGoogleScript } from './google.ts';

/** Google's own button, drawn by its script (loaded here, so only after consent). */
export function GoogleButton({
  clientId,
  onCredential,
}: {
  clientId: string;
  onCredential: (credential: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const latest = useRef(onCredential);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    latest.current = onCredential;
  });
  useEffect(() => {
    let live = true;
    loadGoogleScript().then(
      (id) => {
        if (!live || !host.current) return;
        id.initialize({ client_id: clientId, callback: (r) => latest.current(r.credential), ux_mode: 'popup' });
        id.renderButton(host.current, {
          theme: 'outline',
          size: 'large',
          text: 'continue_with',
          locale: i18n.language,
        });
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [clientId, i18n.language]);
  if (failed) return <Alert severity="warning">{t('google.unavailable')}</Alert>;
  return (
    <Box ref={host} sx={{ display: 'flex', justifyContent: 'center', minHeight: 44 }} data-testid="google-button" />
  );
}
