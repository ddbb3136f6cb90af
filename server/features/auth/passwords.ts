import { hash, verify } from '@node-rs/argon2';

/** argon2id at the OWASP ASVS minimum (m=19 MiB, t=2, p=1): about 6 ms a hash here (bench/results/api.md). */
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

/** A hash of nothing anyone knows, verified when the account does not exist, so timing tells nothing. */
let dummy: Promise<string> | null = null;

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) {
    dummy ??= hashPassword('no account has this password');
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}

/**
 * The most used passwords of public breach lists (8+ characters, as shorter ones fail the
 * length rule anyway), plus words of this site. Compared case-insensitively.
 */
const COMMON = new Set(
  `password password1 password12 password123 password1234 passw0rd p@ssw0rd p@ssword 12345678 123456789 1234567890
  12345678910 123123123 111111111 11111111 00000000 000000000 987654321 87654321 qwertyuiop qwerty123 qwerty1234
  qwertz123 qwertzuiop 1q2w3e4r 1q2w3e4r5t 1qaz2wsx 1qazxsw2 zaq12wsx q1w2e3r4 q1w2e3r4t5 asdfghjkl asdfasdf
  asdf1234 zxcvbnm1 iloveyou iloveyou1 iloveyou2 princess princess1 sunshine sunshine1 football football1 baseball
  starwars whatever trustno1 superman batman123 sexy1234 letmein1 welcome1 welcome123 michael1 jennifer charlie1
  abcd1234 abcdefgh abc12345 abc123456 a1b2c3d4 aa123456 computer internet 88888888 99999999 12341234 11223344
  123qweasd qweasdzxc 1234qwer qwer1234 passwort passwort1 passwort123 hallo123 hallo1234 schalke04 fussball
  schatz123 sommer123 master12 mustang1 dragon12 monkey12 shadow12 liverpool chelsea1 arsenal1 bayern123
  freedom1 babygirl babygirl1 lovely12 lovelove fuckyou1 fuckoff1 pussy123 sex12345 hottie12 blowjob1 cumshot1
  livecam livecam1 livecam123 camgirl camgirl1 camgirls webcam123 coins123 123456789a 123456abc password!
  changeme changeme1 secret123 admin123 administrator 1234abcd zxcvbnm123 test1234 testtest 654321654321
  11111111a aaaaaaaa aaaaaaaa1 ladybug1 jordan23 michelle nicole12 samantha summer12 winter12 daniel12
  thomas12 killer12 soccer12 hockey12 ginger12 pepper12 cookie12 matrix12 qwerty12 q1w2e3r4t5y6 1234567a`
    .split(/\s+/)
    .filter(Boolean),
);

export const isCommonPassword = (password: string) => COMMON.has(password.toLowerCase());
