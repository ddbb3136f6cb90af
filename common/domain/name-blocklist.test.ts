import { describe, expect, it } from 'vitest';
import { blocklistTerm, nameRefusal, nameRules } from './name-blocklist.ts';

const rules = nameRules({ siteNames: ['LiveCam', 'CamDeluxe'], extra: ['badword', '=zap'] });
const refusal = (name: string) => nameRefusal(name, rules);

describe('names others see', () => {
  it.each([
    'admin',
    'Admin',
    'ADMIN_2',
    '4dm1n',
    'The.Admin',
    'a-d-m-i-n',
    'Administrator',
    'support',
    'LiveSupport',
    'Moderator7',
    'm0derat0r',
    'system',
    'SYS.OP',
    'livecam',
    'Live_Cam',
    'L1v3C4m',
    'camdeluxe',
    'guest',
    ' GuEsT ',
    'guest1',
    'Kundendienst',
    'Mitarbeiter3',
  ])('keeps %j for staff, the system and the site', (name) => {
    expect(refusal(name)).toBe('reserved');
  });

  it.each([
    'fuck',
    'FUCK',
    'fuuuuck',
    'f.u.c.k',
    'Fuck_You',
    'MrFucker',
    'b1tch',
    'Hurensohn',
    'hurens0hn',
    'Arschloch',
    'Wichser69',
    'scheisse',
    'Scheiße',
    'Nazi88',
    'NaziGirl',
    'nazi',
    'the.nazi',
    'Minderjährig',
    'badword',
    'BadW0rd',
    'zap',
    'Zap_1',
  ])('refuses %j as offensive', (name) => {
    expect(refusal(name)).toBe('offensive');
  });

  it.each([
    'Anna_91',
    'Nazira',
    'Schwarzenegger',
    'Nigeria',
    'Sebastian',
    'Hannah',
    'Cassandra',
    'Zappa',
    'Moonlight',
    'Lena1990',
    'Mod.Fan',
  ])('accepts %j', (name) => {
    expect(refusal(name)).toBeNull();
  });

  it('takes list entries in their plain form and drops entries too short to be safe', () => {
    expect(blocklistTerm(' Bad_W0rd ')).toEqual({ text: 'badword', whole: false });
    expect(blocklistTerm('=Zap')).toEqual({ text: 'zap', whole: true });
    expect(blocklistTerm('ab')).toBeNull();
    expect(blocklistTerm('=')).toBeNull();
    expect(nameRefusal('badword', nameRules())).toBeNull();
  });
});
