import type { TFunction } from 'i18next';
import type { SpinResult } from '#common/api/game.ts';

type Prize = NonNullable<SpinResult['prize']>;

/** A prize in words: "50 coins", "+25 % coins on your next purchase", "a free video or gallery". */
export const prizeText = (t: TFunction, prize: Prize) =>
  prize.type === 'COINS'
    ? t('game.prizes.COINS', { count: prize.value })
    : prize.type === 'PERCENT'
      ? t('game.prizes.PERCENT', { value: prize.value })
      : t('game.prizes.FREE');

/** A chance in per cent as the language writes it ("1 %", "15 %"). */
export const percentText = (language: string, chance: number) =>
  new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 }).format(chance / 100);
