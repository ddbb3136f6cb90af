import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONTROL_CHARACTERS, hasControlCharacters } from '#common/api/fields.ts';

/** Deeper than any call of ours nests (four levels); stored or serialised, deeper input could exhaust the stack. */
export const INPUT_DEPTH_MAX = 32;
export const TOO_DEEP = 'errors.validations.too_deep';

type Path = Array<string | number>;
export type InputIssue = { path: Path; message: string };
/** A value on the walk, with the way back to the root: paths are built only for what is found. */
type Step = { value: unknown; key: string | number; parent: Step | null; depth: number };

const pathOf = (step: Step): Path => {
  const path: Path = [];
  for (let s: Step | null = step; s?.parent; s = s.parent) path.unshift(s.key);
  return path;
};

/**
 * What no input may carry, wherever a schema would let it through: strings with control
 * characters other than tab, line feed and carriage return (single-line fields refuse those
 * through their schemas); keys with any (reported at the object that holds them, so the answer
 * never repeats the key); and nesting deeper than INPUT_DEPTH_MAX (reported at the top-level
 * field it is in). Walks without recursion: a 64 KiB body can nest thousands of levels deep.
 */
export function hostileInputIssues(input: unknown): InputIssue[] {
  const found: InputIssue[] = [];
  const stack: Step[] = [{ value: input, key: '', parent: null, depth: 0 }];
  for (let step = stack.pop(); step; step = stack.pop()) {
    const { value, depth } = step;
    if (typeof value === 'string') {
      if (hasControlCharacters(value, { multiline: true }))
        found.push({ path: pathOf(step), message: CONTROL_CHARACTERS });
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= INPUT_DEPTH_MAX) {
      found.push({ path: pathOf(step).slice(0, 1), message: TOO_DEEP });
      continue;
    }
    const entries: Array<[string | number, unknown]> = Array.isArray(value)
      ? [...value.entries()]
      : Object.entries(value);
    let badKey = false;
    for (const [key, item] of entries) {
      if (typeof key === 'string') badKey ||= hasControlCharacters(key, { multiline: false });
      stack.push({ value: item, key, parent: step, depth: depth + 1 });
    }
    if (badKey) found.push({ path: pathOf(step), message: CONTROL_CHARACTERS });
  }
  return found;
}

const refuseHostileInput = z.unknown().superRefine((input, ctx) => {
  for (const { path, message } of hostileInputIssues(input)) ctx.addIssue({ code: 'custom', path, message });
});

type Outcome = { error?: FastifySchemaValidationError[]; value?: unknown };
/** The zod compiler answers synchronously with `{ value }` or `{ error }`. */
const outcome = (validate: ReturnType<FastifySchemaCompiler<z.ZodType>>, data: unknown) => validate(data) as Outcome;

/**
 * The route's zod schema, and in front of it the backstop for what a schema lets through
 * (z.unknown(), a field without the shared builders): control characters anywhere in params,
 * query or body are refused as a 422 on their field, with the same key the shared fields use,
 * and so is input nested too deeply. Other fields' failures are reported with them.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  const backstop = zodValidatorCompiler({ ...route, schema: refuseHostileInput });
  return (data: unknown) => {
    const refused = outcome(backstop, data).error;
    const checked = outcome(validate, data);
    if (!refused) return checked;
    const covered = new Set(refused.map((issue) => issue.instancePath));
    const others = (checked.error ?? []).filter((issue) => !covered.has(issue.instancePath));
    return { error: [...refused, ...others] };
  };
};
