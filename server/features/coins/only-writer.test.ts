import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * DESIGN.md "Money is a ledger": the coins module (this folder) is the only writer of `wallets`
 * and `coin_ledger`; every other part moves coins by calling it. This test reads the sources (no
 * database) and fails on any write of either table elsewhere: a drizzle `.insert()`, `.update()`
 * or `.delete()` of the schema's `wallets` or `coinLedger` (under any name it was imported as), or
 * raw SQL that inserts into, updates, deletes from, merges into or truncates them.
 *
 * Scanned: every .ts file of server/ and scripts/. Not scanned, as they are no part of the running
 * product: tests (`*.test.ts`), their fixtures in server/test/ (which write a test's starting
 * ledger in bulk, hundreds of members in a few statements, as the benches in bench/ do), and
 * server/db/migrations (SQL, generated from the schema). The demo seed is scanned: it credits the
 * demo member's coins through `credit`.
 */

const ROOT = path.resolve(import.meta.dirname, '../../..');
const COINS = 'server/features/coins/';
const SCANNED = ['server', 'scripts'];

const isSkipped = (file: string) =>
  file.startsWith(COINS) ||
  file.startsWith('server/test/') ||
  file.startsWith('server/db/migrations/') ||
  file.endsWith('.test.ts');

const SCHEMA_TABLES = ['wallets', 'coinLedger'];
const SQL_TABLES = ['wallets', 'coin_ledger'];
const SQL_WRITE = String.raw`\b(?:insert\s+into|update|delete\s+from|merge\s+into|truncate(?:\s+table)?)\s+(?:only\s+)?`;

/** The names the file's imports from the coins schema bind the two tables to (`wallets`, `coinLedger as l`). */
function tableNames(source: string): string[] {
  const names = new Set(SCHEMA_TABLES);
  for (const m of source.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*['"][^'"]*schema\/coins(?:\.ts)?['"]/g)) {
    for (const part of (m[1] ?? '').split(',')) {
      const [imported, local] = part.trim().split(/\s+as\s+/);
      if (imported && local && SCHEMA_TABLES.includes(imported)) names.add(local.trim());
    }
  }
  return [...names];
}

const lineOf = (source: string, index: number) => source.slice(0, index).split('\n').length;

/** The writes of `wallets` or `coin_ledger` in a source text, as `line: text`. */
function ledgerWrites(source: string): string[] {
  const names = tableNames(source).join('|');
  const patterns = [
    // drizzle: db.insert(wallets), tx.update(coinLedger), db.delete(schema.wallets), tx.with(x).update(l)
    new RegExp(String.raw`\.(?:insert|update|delete)\(\s*(?:[\w$]+\.)?(?:${names})\s*\)`, 'g'),
    // raw SQL naming the table: insert into coin_ledger, update "wallets", delete from public.wallets
    new RegExp(String.raw`${SQL_WRITE}(?:"?public"?\.)?"?(?:${SQL_TABLES.join('|')})"?(?![\w])`, 'gi'),
    // raw SQL through the schema object: sql`update ${wallets} set ...`
    new RegExp(String.raw`${SQL_WRITE}\$\{\s*(?:[\w$]+\.)?(?:${names})\s*\}`, 'gi'),
  ];
  const found: string[] = [];
  for (const pattern of patterns) {
    for (const m of source.matchAll(pattern)) found.push(`${lineOf(source, m.index)}: ${m[0].replace(/\s+/g, ' ')}`);
  }
  return found;
}

function sourceFiles(): string[] {
  return SCANNED.flatMap((dir) =>
    readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
      .map((f) => `${dir}/${f.split(path.sep).join('/')}`)
      .filter((f) => f.endsWith('.ts')),
  );
}

describe('the coins module is the only writer of wallets and coin_ledger', () => {
  it('finds no write of either table outside server/features/coins/', () => {
    const offenders = sourceFiles()
      .filter((f) => !isSkipped(f))
      .flatMap((f) => ledgerWrites(readFileSync(path.join(ROOT, f), 'utf8')).map((w) => `${f}:${w}`));
    expect(
      offenders,
      'move coins through server/features/coins/ (credit, debit, transfer, reclaim, debitMinutes)',
    ).toEqual([]);
  });

  it('sees the writes of the coins module itself (the scan is not blind)', () => {
    const own = (file: string) => ledgerWrites(readFileSync(path.join(ROOT, COINS, file), 'utf8'));
    expect(own('mutations.ts').length).toBeGreaterThanOrEqual(5);
    expect(own('minute-debits.ts').length).toBeGreaterThanOrEqual(4);
  });

  it('recognises writes in drizzle and in SQL, under other names too, and leaves reads alone', () => {
    const writes = [
      'await tx.insert(wallets).values({ userId, balance: 1 });',
      'await db\n  .update(coinLedger)\n  .set({ createdAt: at })',
      'db.delete( wallets )',
      "import { coinLedger as ledger } from '#server/db/schema/coins.ts';\nawait db.insert(ledger).values(row);",
      'await db.delete(schema.coinLedger);',
      'sql`insert into coin_ledger (user_id, delta) values (1, 1)`',
      'sql`UPDATE wallets SET balance = 0`',
      'sql`update "wallets" w set balance = w.balance - 1`',
      'sql`delete from public.coin_ledger where id = 1`',
      'sql`truncate table wallets`',
      `sql\`update \${wallets} set flagged = true\``,
    ];
    for (const source of writes) expect(ledgerWrites(source), source).toHaveLength(1);
    const reads = [
      'await db.select().from(wallets).where(eq(wallets.userId, 1));',
      'db.select({ n: coinLedger.delta }).from(coinLedger).leftJoin(wallets, eq(wallets.userId, users.id))',
      'sql`select sum(delta) from coin_ledger l join wallets w on w.user_id = l.user_id`',
      'sql`update chat_sessions set billed_minutes = 2`',
      'sql`insert into wallets_archive select * from x`',
      'await db.update(walletsSeen).set({ at })',
    ];
    for (const source of reads) expect(ledgerWrites(source), source).toEqual([]);
  });
});
