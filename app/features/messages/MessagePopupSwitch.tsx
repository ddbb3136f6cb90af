import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useTranslation } from 'react-i18next';
import { useMessagePopupOption } from './store.ts';

/** The pop-up option's switch (also in the profile settings). */
export function MessagePopupSwitch() {
  const { t } = useTranslation();
  const { enabled, setEnabled } = useMessagePopupOption();
  return (
    <FormControlLabel
      control={<Switch checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />}
      label={t('messages.popup.option')}
    />
  );
}
