import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** Shown instead of an explicit medium while the age check it needs has not been passed. */
export function AgeGateNotice({ checkPath }: { checkPath: string }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="warning"
      action={
        <Button component={RouterLink} to={checkPath} color="inherit" size="small">
          {t('media.age_gate.start')}
        </Button>
      }
    >
      {t('media.age_gate.text')}
    </Alert>
  );
}
