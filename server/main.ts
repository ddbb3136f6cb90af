import { buildApp } from './app.ts';
import { seedDemo } from './db/seed/demo.ts';
import { seedDemoModerator, seedDemoOperator, seedDemoSupportOperator } from './db/seed/demo-operator.ts';
import { seedDemoPerformers } from './db/seed/demo-performers.ts';
import { seedDemoReferralCodes } from './db/seed/demo-referrals.ts';
import { withStartupLock } from './db/startup-lock.ts';
import { ConfigError, loadConfig } from './env.ts';
import { sealOperatorKeys } from './features/admin/operator-key.ts';
import { DEMO_PERFORMER_DOMAIN } from './features/studio/login.ts';
import { isLoopbackAddress } from './http/local-caller.ts';
import { resolveLogFormat, textLogStream } from './http/log-format.ts';
import { unsupportedNodeNotice } from './runtime.ts';

/** Process entry: config, database (migrated in buildApp), demo seed, listen, graceful shutdown. */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  // Chat sessions this process held when it last stopped (a crash, a kill) end when it is ready,
  // before its chat clock starts (plugins/jobs.ts), none left open.
  // Readable lines on a terminal outside production, JSON lines otherwise (LOG_FORMAT, log-format.ts).
  const tty = Boolean(process.stdout.isTTY);
  const text = resolveLogFormat(config, tty) === 'text';
  // Processes starting at once on one PostgreSQL migrate and seed one after the other (startup-lock.ts).
  const { app, operator, desk, moderator, demo, performer, referrals } = await withStartupLock(
    config.databaseUrl,
    async () => {
      const app = await buildApp(config, text ? { logStream: textLogStream(process.stdout, tty) } : {});
      // Operators' keys of rows from before they were sealed are sealed now (SECOND_FACTOR_KEY, decision 071).
      await sealOperatorKeys(app.ctx.db, config.secondFactorKey, app.log);
      // Every start: the demo operators (public details) are disabled wherever they may not sign in.
      // Before the demo member: the support desk's welcome in her conversations is signed by one.
      const operator = await seedDemoOperator(app.ctx.db, config);
      const desk = await seedDemoSupportOperator(app.ctx.db, config);
      const moderator = await seedDemoModerator(app.ctx.db, config);
      const demo = config.seedDemo ? await seedDemo(app.ctx, (msg) => app.log.info(msg)) : null;
      const performer = await seedDemoPerformers(app.ctx.db, config);
      const referrals = await seedDemoReferralCodes(app.ctx.db, config);
      return { app, operator, desk, moderator, demo, performer, referrals };
    },
  );
  // Online demo performers stream a clip of theirs, started by each show's first viewer (stopped on close).
  await app.startDemoBroadcasts();
  await app.listen({ host: config.host, port: config.port });
  // Production without a VAPID pair runs without Web Push (GET /api/push/key answers 404, decision 067).
  if (!config.webPush)
    app.log.warn(
      'Web Push is off: set WEB_PUSH_VAPID_PUBLIC_KEY and WEB_PUSH_VAPID_PRIVATE_KEY (npx web-push generate-vapid-keys; WEB_PUSH_SUBJECT optional) to turn it on',
    );

  const lines = [`${config.site.name} is running at ${config.publicUrl}`];
  if (demo) lines.push(`Demo member: ${demo.email} / ${demo.password}`);
  // REDIS_URL is set but nobody answers: the server runs without it and uses it once it is there.
  if (app.ctx.redis && app.ctx.redis.status !== 'ready')
    lines.push(
      'Redis is unreachable: limits count per process and socket events stay in this process until it is back',
    );
  if (operator?.enabled) {
    lines.push(`Demo operator: ${operator.email} / ${operator.password} at ${config.publicUrl}/admin/login`);
    lines.push(`  with codes from the authenticator key ${operator.totpSecret} (${operator.otpauthUri})`);
  } else if (operator) {
    lines.push(`Demo operator ${operator.email} is disabled off loopback: npm run operator:create makes operators`);
  }
  if (desk?.enabled) {
    lines.push(`Demo support desk: ${desk.email} / ${desk.password} at ${config.publicUrl}/admin/support`);
    lines.push(`  with codes from the authenticator key ${desk.totpSecret} (${desk.otpauthUri})`);
  } else if (desk) {
    lines.push(`Demo support operator ${desk.email} is disabled off loopback`);
  }
  if (moderator?.enabled) {
    lines.push(`Demo moderator: ${moderator.email} / ${moderator.password} at ${config.publicUrl}/admin/review`);
    lines.push(`  with codes from the authenticator key ${moderator.totpSecret} (${moderator.otpauthUri})`);
  } else if (moderator) {
    lines.push(`Demo moderator ${moderator.email} is disabled off loopback`);
  }
  if (performer?.enabled) {
    lines.push(`Demo performer: ${performer.email} / ${performer.password} at ${config.publicUrl}/studio/login`);
    lines.push(
      `  (${performer.showName}; every show of ours has one: <show name>@${DEMO_PERFORMER_DOMAIN}; partner shows broadcast elsewhere)`,
    );
  }
  if (referrals.length) {
    lines.push(
      `Referral codes ("Have a code?" on the index): ${referrals.map((r) => `${r.code} (${r.showName})`).join(', ')}`,
    );
  }
  if (config.devMailbox) lines.push(`Mailbox: ${config.publicUrl}/dev/mailbox`);
  if (config.apiDocs) lines.push(`API docs: ${config.publicUrl}/api/docs`);
  if (isLoopbackAddress(config.host))
    lines.push(`Listening on ${config.host}: only this machine can connect (HOST=0.0.0.0 opens it to others)`);
  // The machines here still run Node 20: the server starts on it, and says it is no longer supported.
  const nodeNotice = unsupportedNodeNotice();
  if (nodeNotice) lines.push(nodeNotice);
  console.log(`\n  ${lines.join('\n  ')}\n`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

await main();
