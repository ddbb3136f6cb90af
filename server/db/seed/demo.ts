import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { nicknames, users } from '#server/db/schema/users.ts';
import { hashPassword } from '#server/features/auth/passwords.ts';

export const DEMO_MEMBER = {
  email: 'demo@livecam.local',
  password: 'demo-member-2026',
  name: 'demo',
  nickname: 'DemoFan',
};

/** Seeds the demo member on an empty database, so `npm start` can be tried at once. */
export async function seedDemo(db: Db, log: (msg: string) => void) {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_MEMBER.email)).limit(1);
  if (existing) return DEMO_MEMBER;
  const [any] = await db.select({ id: users.id }).from(users).limit(1);
  if (any) return null;
  log('seeding demo content');
  await db.transaction(async (tx) => {
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
  });
  return DEMO_MEMBER;
}
