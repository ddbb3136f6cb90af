/**
 * Reads `--name value` and `--name=value` flags of an account script (operator:create,
 * performer:create); answers a message for an unknown flag or one without a value.
 */
export function readFlags(
  argv: string[],
  names: readonly string[],
): { ok: true; flags: Record<string, string> } | { ok: false; message: string } {
  const flags: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    if (!match?.[1] || !names.includes(match[1])) return { ok: false, message: `Unknown argument: ${arg}` };
    const value = match[2] ?? argv[++i];
    if (value === undefined) return { ok: false, message: `--${match[1]} needs a value` };
    flags[match[1]] = value;
  }
  return { ok: true, flags };
}

/** The flags a schema refused, for the script's message. */
export const refusedFlags = (issues: { path: PropertyKey[] }[]) =>
  `Missing or invalid: ${[...new Set(issues.map((issue) => `--${String(issue.path[0] ?? '')}`))].join(', ')}`;
