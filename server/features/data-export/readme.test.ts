import { describe, expect, it } from 'vitest';
import { LOCALES } from '#common/constants.ts';
import { translate } from '#common/i18n/translate.ts';
import { AREAS, readme } from './archive.ts';

const AT = new Date('2026-03-01T10:00:00Z');

/** What the platform records about a member's account or her orders (account-events.json). */
const MEMBER_EVENTS = [
  'member.block',
  'member.unblock',
  'member.coins_credit',
  'member.coins_debit',
  'member.close_request',
  'member.close',
  'member.reopen',
  'member.erase',
  'member.second_factor_reset',
  'data_export.request',
  'data_export.ready',
  'data_export.download',
  'order.refund_request',
];

describe('the words of the data copy', () => {
  it('explain every file in the README in both languages', () => {
    const en = readme({ locale: 'en', askedAt: AT }, { site: 'Site', email: 'a@example.com' });
    for (const locale of LOCALES) {
      const text = readme({ locale, askedAt: AT }, { site: 'Site', email: 'a@example.com' });
      for (const area of AREAS) {
        const line = text.split('\r\n').find((l) => l.startsWith(`- ${area.file}: `));
        expect(line, `${locale} ${area.file}`).toBeDefined();
        expect(line).not.toMatch(/data_export\.readme\./);
        if (locale !== 'en') expect(en).not.toContain(line);
      }
    }
  });

  it('say every event about her account in both languages', () => {
    for (const action of MEMBER_EVENTS) {
      const key = `data_export.events.${action.replaceAll('.', '_')}`;
      const [en, de] = LOCALES.map((locale) => translate(locale, key));
      expect(en, action).not.toBe(key);
      expect(de, action).not.toBe(en);
    }
  });
});
