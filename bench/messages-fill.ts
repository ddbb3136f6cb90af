/**
 * The data of bench/messages.ts, written with set-based SQL over one connection: shows with a
 * picture and a gallery each, members with a nickname, their conversations (most members a few,
 * some many), the messages (skewed: most conversations short, a few long), the latest message and
 * the unread counts on each conversation as the app keeps them, some deletions, and the chat
 * sessions the list's "last chat" column reads. Messages are numbered in time order across all
 * conversations, as the app writes them, so one conversation's messages lie scattered in the table.
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';

export const SIZE = { shows: 2_000, members: 10_000, conversations: 100_000, messages: 2_000_000 } as const;
/** Conversations of the heavy members (members 1..10); the others share the rest, 1 to 19 each. */
export const HEAVY_CONVERSATIONS = [1_000, 800, 600, 500, 400, 300, 300, 200, 200, 200] as const;
/** Messages of the heaviest member's first conversation: the longest one. */
export const LONGEST_CONVERSATION = 10_000;
export const MEMBER_PASSWORD = 'bench-member-password';

export const memberEmail = (k: number) => `member${k}@bench.example`;

/** A small deterministic generator (mulberry32), so every run writes the same shape. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Integers >= `min` in proportion to `weights`, summing to exactly `total`. */
function apportion(weights: number[], total: number, min: number): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const spare = total - min * weights.length;
  const exact = weights.map((w) => (w / sum) * spare);
  const counts = exact.map((x) => min + Math.floor(x));
  let left = total - counts.reduce((a, b) => a + b, 0);
  const byRemainder = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0]);
  for (const [, i] of byRemainder) {
    if (left-- <= 0) break;
    counts[i] = (counts[i] ?? 0) + 1;
  }
  return counts;
}

/** Conversations per member: the heavy ones first, the others 1..19 (about 9.5 each). */
export function conversationCounts(): number[] {
  const next = random(7);
  const heavy = HEAVY_CONVERSATIONS.reduce((a, b) => a + b, 0);
  const rest = SIZE.members - HEAVY_CONVERSATIONS.length;
  const weights = Array.from({ length: rest }, () => 0.2 + next());
  return [...HEAVY_CONVERSATIONS, ...apportion(weights, SIZE.conversations - heavy, 1)];
}

/**
 * Messages per conversation, in the order (member, slot): log-normal (median about 10, mean 20,
 * a few over a thousand), the first one (the heaviest member's) LONGEST_CONVERSATION long.
 */
export function messageCounts(): number[] {
  const next = random(11);
  const normal = () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
  const weights = Array.from({ length: SIZE.conversations - 1 }, () => Math.exp(1.2 * normal()));
  return [LONGEST_CONVERSATION, ...apportion(weights, SIZE.messages - LONGEST_CONVERSATION, 1)];
}

const PHRASES = [
  'Hi sweetie, how are you today?',
  'I loved our show yesterday, thank you so much!',
  'When are you online again? I would like to book a private.',
  'Good morning! Did you sleep well?',
  'You look amazing in the new pictures.',
  'Thanks for the tip, you are the best ❤️',
  'I am online tonight from 8 pm, see you there?',
  'Hallo Schatz, wie geht es dir heute?',
  'Danke für die schöne Zeit gestern, ich freue mich schon auf das nächste Mal.',
  'Ich bin heute Abend ab 20 Uhr online.',
  'Can you do the outfit from last week again?',
  'Haha, you made my day 😄',
  'Sorry, I was busy with work, but now I have time for you.',
  'Have a nice weekend!',
];
const phrases = `array[${PHRASES.map((p) => `'${p.replace(/'/g, "''")}'`).join(',')}]`;

/** Fills an empty, migrated database; returns the seconds each step took. */
export async function fillMessages(url: string, passwordHash: string, log: (msg: string) => void) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const steps: Array<{ step: string; ms: number }> = [];
  /** Statements with parameters go one at a time ([text, values]); plain ones may be several in one text. */
  const step = async (label: string, ...statements: Array<string | [string, unknown[]]>) => {
    const start = performance.now();
    for (const st of statements) await (typeof st === 'string' ? client.query(st) : client.query(st[0], st[1]));
    const ms = Math.round(performance.now() - start);
    steps.push({ step: label, ms });
    log(`  ${label}: ${ms} ms`);
  };
  try {
    // The rows are consistent by construction: skip the per-row foreign key checks of the bulk load.
    await client.query("set session_replication_role = replica; set work_mem = '256MB'; select setseed(0.42)");
    await step(
      `${SIZE.shows} shows, a picture and a gallery of 5 each`,
      `insert into shows (id, universal_id, slug_name, show_name, online, price_per_minute, message_price, age)
         select i, (300000 + i)::text, 'show' || i, 'Show ' || i, i % 4 = 0, 30, case when i % 3 = 0 then 0 else 5 + i % 20 end, 20 + i % 30
         from generate_series(1, ${SIZE.shows}) i;
       insert into show_images (id, show_id, position) select i, i, 0 from generate_series(1, ${SIZE.shows}) i;
       update shows set main_image_id = id where id % 10 <> 0;
       insert into galleries (id, show_id, title_en, title_de) select i, i, 'Pictures', 'Bilder' from generate_series(1, ${SIZE.shows}) i;
       insert into gallery_images (id, gallery_id, position, width, height)
         select (g - 1) * 5 + p + 1, g, p, 640, 480 from generate_series(1, ${SIZE.shows}) g, generate_series(0, 4) p`,
    );
    await step(
      `${SIZE.members} members with a nickname`,
      [
        `insert into users (id, email, name, password_hash, is_verified, current_nickname_id)
           select k, 'member' || k || '@bench.example', 'member' || k, $1, true, k from generate_series(1, ${SIZE.members}) k`,
        [passwordHash],
      ],
      `insert into nicknames (id, user_id, nickname) select k, k, 'Member' || k from generate_series(1, ${SIZE.members}) k`,
    );
    // Numbered in the order they were started (a member's conversations lie apart); "slot" numbers a
    // member's own, and the message counts go by (member, slot). Every 10th member's first is with support.
    await step(
      `${SIZE.conversations} conversations`,
      [
        `create temp table bc as
         select row_number() over (order by started_at) id, row_number() over (order by k, j) slot_rank, k, j, started_at,
           case when j = 1 and k % 10 = 0 then 'support' else 'show' end kind,
           case when j = 1 and k % 10 = 0 then null else 1 + (k * 37 + j * 101) % ${SIZE.shows} end show_id
         from unnest($1::int[]) with ordinality c(n, k), generate_series(1, c.n) j,
           lateral (select now() - interval '730 days' * random() - interval '1 hour' * j started_at) s`,
        [conversationCounts()],
      ],
      'alter table bc add column n int',
      ['update bc set n = ($1::int[])[slot_rank]', [messageCounts()]],
      `insert into conversations (id, user_id, kind, show_id, nickname_id, created_at)
         select id, k, kind, show_id, k, started_at from bc;
       select setval(pg_get_serial_sequence('conversations', 'id'), ${SIZE.conversations})`,
    );
    // Every 7th conversation ends with 1..3 replies the member has not read; every 5th other one with
    // her message the other end has not read. Some paid messages, tips and pictures; 1 % deleted by her.
    await step(
      `${SIZE.messages} messages`,
      `insert into messages (id, conversation_id, author, body, coins, tip, attachment_image_id, attachment_coins, read_at, member_deleted, created_at)
         select row_number() over (order by t), cid, author, body,
           case when author = 'member' and kind = 'show' then price else 0 end,
           case when author = 'member' and kind = 'show' and r < 0.02 then 10 else 0 end,
           case when author = 'staff' and kind = 'show' and r < 0.03 then (show_id - 1) * 5 + 1 + floor(r * 1000)::int % 5 end,
           case when author = 'staff' and kind = 'show' and r < 0.015 then 20 else 0 end,
           case when unread_tail or (author = 'member' and q = n and cid % 5 = 0) then null else least(t + interval '10 minutes', now()) end,
           r > 0.99, t
         from (
           select bc.id cid, bc.kind, bc.show_id, bc.n, q, random() r, coalesce(s.message_price, 0) price,
             q > bc.n - case when bc.id % 7 = 0 then 1 + bc.id % 3 else 0 end unread_tail,
             bc.started_at + (now() - bc.started_at) * ((q - 1 + random()) / bc.n) t,
             (${phrases})[1 + floor(random() * ${PHRASES.length})::int]
               || case when random() < 0.3 then ' ' || (${phrases})[1 + floor(random() * ${PHRASES.length})::int] else '' end body
           from bc left join shows s on s.id = bc.show_id, generate_series(1, bc.n) q
         ) x, lateral (select case when unread_tail or (q = n and cid % 5 = 0) then (case when unread_tail then 'staff' else 'member' end)
                              when random() < 0.55 then 'member' else 'staff' end author) a;
       select setval(pg_get_serial_sequence('messages', 'id'), ${SIZE.messages})`,
    );
    await step(
      'latest message and unread counts on each conversation; 2 % partly and 0.2 % wholly deleted by the member',
      `update conversations c set last_message_id = m.last_id, last_message_at = m.last_at, member_unread = m.mu, staff_unread = m.su
         from (select conversation_id, max(id) last_id, max(created_at) last_at,
                 count(*) filter (where author = 'staff' and read_at is null and not member_deleted) mu,
                 count(*) filter (where author = 'member' and read_at is null) su
               from messages group by conversation_id) m
         where m.conversation_id = c.id;
       update conversations c set member_cleared_through =
           (select percentile_disc(0.5) within group (order by id) from messages m where m.conversation_id = c.id)
         where c.id % 50 = 3;
       update conversations set member_cleared_through = last_message_id, member_unread = 0 where id % 500 = 7`,
    );
    await step(
      'chat sessions with the shows of every 3rd conversation (1..4 each)',
      `insert into chat_sessions (id, show_id, user_id, web_session_id, nickname, kind, price_per_minute, performer_share,
           minute_seconds, node, started_at, billed_minutes, last_seen_at, ended_at, end_reason)
         select gen_random_uuid(), show_id, k, 'bench', 'Member' || k, case when s % 5 = 0 then 'private' else 'voyeur' end,
           30, 15, 60, 'bench', t, 5, t + interval '5 minutes', t + interval '5 minutes', 'stopped'
         from bc, generate_series(1, 1 + bc.id % 4) s,
           lateral (select bc.started_at + (now() - bc.started_at) * random() + interval '1 second' * s t) x
         where bc.kind = 'show' and bc.id % 3 = 0`,
    );
    await step('vacuum analyze', 'vacuum analyze');
    return steps;
  } finally {
    await client.end();
  }
}
