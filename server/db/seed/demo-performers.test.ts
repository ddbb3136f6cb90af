import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { performers } from '#server/db/schema/performers.ts';
import { createShow } from '#server/test/catalog.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { studioClient } from '#server/test/performers.ts';
import { DEMO_PERFORMER_PASSWORD, demoPerformerEmail, seedDemoPerformers } from './demo-performers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const local = { env: 'development', host: '127.0.0.1', seedDemo: true } as const;

describe('demo performer logins', () => {
  it('are named after the show, unique even for shows of one name', () => {
    const taken = new Set<string>();
    expect(demoPerformerEmail('Lena Sun', taken)).toBe('lenasun@performers.livecam.local');
    expect(demoPerformerEmail('lena-sun', taken)).toBe('lenasun2@performers.livecam.local');
    expect(demoPerformerEmail('Zoë', taken)).toBe('zoe@performers.livecam.local');
    expect(demoPerformerEmail('***', taken)).toBe('performer@performers.livecam.local');
  });

  it('give every show one, once, with the shared password that signs in from this machine', async () => {
    await createShow(t.db, { showName: 'Seed Amber' });
    await createShow(t.db, { showName: 'Seed Amber' });
    const printed = await seedDemoPerformers(t.db, local);
    expect(printed).toMatchObject({ email: 'seedamber@performers.livecam.local', password: DEMO_PERFORMER_PASSWORD });
    expect(printed?.enabled).toBe(true);
    const rows = await t.db.select().from(performers);
    expect(rows.map((r) => r.email).sort()).toEqual([
      'seedamber2@performers.livecam.local',
      'seedamber@performers.livecam.local',
    ]);
    expect(new Set(rows.map((r) => r.passwordHash)).size).toBe(1);
    await seedDemoPerformers(t.db, local);
    expect(await t.db.select().from(performers)).toEqual(rows);
    await studioClient(t, 'seedamber@performers.livecam.local', DEMO_PERFORMER_PASSWORD);
  });

  it('are not made in production or without SEED_DEMO, and not offered off loopback', async () => {
    await createShow(t.db, { showName: 'Seed Later' });
    expect(await seedDemoPerformers(t.db, { ...local, env: 'production' })).toBeNull();
    expect(await seedDemoPerformers(t.db, { ...local, seedDemo: false })).toBeNull();
    expect(await t.db.select().from(performers)).toHaveLength(2);
    expect((await seedDemoPerformers(t.db, { ...local, host: '0.0.0.0' }))?.enabled).toBe(false);
  });

  it('give a partner show none, and print our show with the lowest id', async () => {
    // A partner's show first: she would be printed first by id, yet goes live in the partner's studio.
    const partner = await createShow(t.db, { showName: 'Seed Partner', contentproviderId: 2 });
    const ours = await createShow(t.db, { showName: 'Seed Ours' });
    const printed = await seedDemoPerformers(t.db, local);
    const owners = (await t.db.select().from(performers)).map((r) => r.showId);
    expect(owners).toContain(ours.id);
    expect(owners).not.toContain(partner.id);
    // Amber's show (the first of ours) stays the printed one, whatever was added later.
    expect(printed?.email).toBe('seedamber@performers.livecam.local');
  });
});
