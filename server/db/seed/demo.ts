import { eq } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import { nicknames, users } from '#server/db/schema/users.ts';
import { hashPassword } from '#server/features/auth/passwords.ts';
import { SEED_DEMO_COINS_KEY } from '#server/features/coins/keys.ts';
import { type CoinDeps, credit } from '#server/features/coins/mutations.ts';
import { type CatalogOptions, seedCatalog } from './catalog.ts';
import { seedDemoConversations } from './demo-conversations.ts';
import { seedDemoCoupons } from './demo-coupons.ts';

export const DEMO_MEMBER = {
  email: 'demo@livecam.local',
  password: 'demo-member-2026',
  name: 'demo',
  nickname: 'DemoFan',
  coins: 500,
};

/**
 * Seeds the demo member on an empty database, so `npm start` can be tried at once, with welcome
 * coins under a fixed idempotency key (running the seed again credits nothing more) and her first
 * conversations with shows and support (demo-conversations.ts), made with her. Before that,
 * the demo catalogue (catalog.ts) on a database without shows, and its missing media files. Test
 * apps skip the catalogue unless a test asks for it: it writes thousands of files.
 */
export async function seedDemo(
  deps: CoinDeps & Pick<AppContext, 'storage' | 'config'>,
  log: (msg: string) => void,
  opts: { catalog?: CatalogOptions | false } = {},
) {
  const { db } = deps;
  const catalog = opts.catalog ?? (deps.config.env === 'test' ? false : {});
  if (catalog) await seedCatalog(deps, log, catalog);
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_MEMBER.email)).limit(1);
  if (existing) {
    await welcomeCoins(deps, existing.id);
    return DEMO_MEMBER;
  }
  const [any] = await db.select({ id: users.id }).from(users).limit(1);
  if (any) return null;
  log('seeding demo content');
  const userId = await db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        email: DEMO_MEMBER.email,
        name: DEMO_MEMBER.name,
        passwordHash: await hashPassword(DEMO_MEMBER.password),
        isVerified: true,
        locale: 'en',
      })
      .returning({ id: users.id });
    if (!user) throw new Error('demo member insert returned nothing');
    const [nick] = await tx
      .insert(nicknames)
      .values({ userId: user.id, nickname: DEMO_MEMBER.nickname })
      .returning({ id: nicknames.id });
    await tx
      .update(users)
      .set({ currentNicknameId: nick?.id ?? null })
      .where(eq(users.id, user.id));
    return user.id;
  });
  await welcomeCoins(deps, userId);
  await seedDemoConversations(deps, userId);
  return DEMO_MEMBER;
}

/** The demo member's welcome coins and the demo coupons (demo-coupons.ts); both idempotent. */
async function welcomeCoins(deps: CoinDeps, userId: number) {
  await credit(deps, { userId, amount: DEMO_MEMBER.coins, reason: 'bonus', idempotencyKey: SEED_DEMO_COINS_KEY });
  await seedDemoCoupons(deps.db, userId);
}
