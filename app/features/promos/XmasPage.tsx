import AcUnitIcon from '@mui/icons-material/AcUnit';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNow } from '#app/platform/use-now.ts';
import { useTitle } from '#app/platform/use-title.ts';
import { longDate } from './dates.ts';
import { PromoHero, PromoPage, PromoSection, ShowLinks, SignupCta } from './PromoHero.tsx';
import { PromoShows } from './PromoShows.tsx';
import { xmasWindow } from './seasons.ts';

/**
 * /xmas: the seasonal page. Inside XMAS_WINDOW it lists the running specials with their
 * countdowns; outside it says when the next Christmas specials start and leads to the shows.
 */
export function XmasPage() {
  const { t } = useTranslation();
  useTitle('promos.xmas.title');
  const now = useNow(60_000);
  const season = xmasWindow(new Date(now));
  const lastDay = new Date(season.end.getTime() - 86_400_000);
  return (
    <PromoPage>
      <PromoHero icon={<AcUnitIcon />} title={t('promos.xmas.heading')}>
        {season.active ? (
          <>
            <Typography>{t('promos.xmas.intro', { date: longDate(lastDay) })}</Typography>
            <SignupCta text={t('promos.xmas.signup_why')} />
          </>
        ) : (
          <>
            <Alert severity="info">{t('promos.xmas.starts_on', { date: longDate(season.nextStart) })}</Alert>
            <ShowLinks also={{ to: '/special', label: t('promos.xmas.to_specials') }} />
          </>
        )}
      </PromoHero>
      {season.active && (
        <PromoSection id="xmas-specials-title" title={t('promos.xmas.running')}>
          <PromoShows label={t('promos.xmas.running')} />
        </PromoSection>
      )}
    </PromoPage>
  );
}
