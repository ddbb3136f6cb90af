import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNow } from '#app/platform/use-now.ts';
import { useTitle } from '#app/platform/use-title.ts';
import { longDate } from './dates.ts';
import { MostActive } from './MostActive.tsx';
import { PromoHero, PromoPage, PromoSection, SignupCta } from './PromoHero.tsx';
import { PromoShows } from './PromoShows.tsx';
import { euroSpecialActive, euroSpecialEnd } from './seasons.ts';

/**
 * /special: the running specials (the promos table: discount and a countdown to each stop) and
 * the most active shows of the week. The EURO Special (the side menu's item) heads it while it
 * runs; after its last day the page says it is over and lists what runs now.
 */
export function SpecialPage() {
  const { t } = useTranslation();
  useTitle('promos.special.title');
  const now = useNow(60_000);
  const euro = euroSpecialActive(new Date(now));
  // The last day of the EURO Special: the day before the end, which is exclusive.
  const euroLastDay = new Date(euroSpecialEnd().getTime() - 86_400_000);
  return (
    <PromoPage>
      <PromoHero icon={<LocalOfferIcon />} title={t(euro ? 'promos.special.euro_heading' : 'promos.special.heading')}>
        <Typography>{t('promos.special.intro')}</Typography>
        {!euro && (
          <Alert severity="info" sx={{ mt: 1.5 }}>
            {t('promos.special.euro_over', { date: longDate(euroLastDay) })}
          </Alert>
        )}
        <SignupCta text={t('promos.special.signup_why')} />
      </PromoHero>
      <PromoSection id="specials-title" title={t('promos.special.running')}>
        <PromoShows label={t('promos.special.running')} />
      </PromoSection>
      <MostActive />
    </PromoPage>
  );
}
