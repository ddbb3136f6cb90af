import fc from 'fast-check';

/**
 * Hostile requests for an operation of the OpenAPI document: a bounded, deterministic list per
 * operation (fixed values, and fast-check samples under a fixed seed), for the fuzz test.
 */

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  minLength?: number;
};
type Parameter = { in: 'path' | 'query' | 'header' | 'cookie'; name: string; schema?: JsonSchema };
type OperationObject = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};
export type OpenApiDocument = { paths: Record<string, Record<string, OperationObject>> };

export type Operation = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** As the document spells it: /api/shows/{id}. */
  path: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  body: JsonSchema | null;
};

export type HostileRequest = {
  label: string;
  url: string;
  payload?: string | Buffer;
  contentType?: string;
};

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

export function operationsOf(doc: OpenApiDocument): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).flatMap(([method, op]) => {
      const upper = method.toUpperCase();
      if (!METHODS.has(upper)) return [];
      const params = op.parameters ?? [];
      return [
        {
          method: upper as Operation['method'],
          path,
          pathParams: params.filter((p) => p.in === 'path'),
          queryParams: params.filter((p) => p.in === 'query'),
          body: op.requestBody?.content?.['application/json']?.schema ?? null,
        },
      ];
    }),
  );
}

/** A value the schema would plausibly accept, to vary one part at a time. */
export function plausible(s: JsonSchema | undefined, depth = 0): unknown {
  if (!s || depth > 6) return 'x';
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  if (s.default !== undefined) return s.default;
  const branch = s.anyOf?.[0] ?? s.oneOf?.[0] ?? s.allOf?.[0];
  if (branch) return plausible(branch, depth + 1);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, plausible(v, depth + 1)]));
    case 'array':
      return s.items ? [plausible(s.items, depth + 1)] : [];
    case 'integer':
    case 'number':
      return Math.max(1, s.minimum ?? 1);
    case 'boolean':
      return true;
    default:
      return 'x'.repeat(Math.max(1, s.minLength ?? 1));
  }
}

const nested = (depth: number, leaf: unknown): unknown => {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
};

/** Values of every wrong kind for one field of a JSON body. */
const WRONG_VALUES: unknown[] = [
  null,
  -1,
  1.5,
  1e308,
  true,
  '',
  'a\u0000b',
  '\ud800',
  'x'.repeat(20_000),
  [],
  ['\u0000'],
  { '\u0000': 1 },
  nested(200, 'deep'),
];

/** Path and query values: NUL, invalid UTF-8 escapes, huge and negative numbers, header injection. */
const WRONG_SEGMENTS = [
  '%00',
  'a%00b',
  '%C3%28',
  '%FF',
  '%E0%A4%A',
  '-1',
  '99999999999999999999999',
  '1e309',
  '%0D%0ASet-Cookie:%20x=1',
  'x'.repeat(3000),
];

/** Every place in a plausible body a value can be swapped: the leaves and the containers. */
function placesIn(value: unknown, path: Array<string | number> = [], depth = 0): Array<Array<string | number>> {
  if (depth > 4) return [];
  const here = path.length ? [path] : [];
  if (Array.isArray(value)) return [...here, ...value.flatMap((v, i) => placesIn(v, [...path, i], depth + 1))];
  if (value !== null && typeof value === 'object') {
    return [...here, ...Object.entries(value).flatMap(([k, v]) => placesIn(v, [...path, k], depth + 1))];
  }
  return here;
}

function replaced(value: unknown, path: Array<string | number>, by: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return by;
  if (Array.isArray(value)) return value.map((v, i) => (i === head ? replaced(v, rest, by) : v));
  const record = (value ?? {}) as Record<string, unknown>;
  return { ...record, [head]: replaced(record[head], rest, by) };
}

/** The operation's URL with these path parameter values (others plausible) and query string. */
function urlOf(op: Operation, values: Record<string, string> = {}, query = '') {
  const path = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const param = op.pathParams.find((p) => p.name === name);
    return values[name] ?? encodeURIComponent(String(plausible(param?.schema)));
  });
  return query ? `${path}?${query}` : path;
}

const JSON_TYPE = 'application/json';

/** The hostile requests for one operation; `seed` makes the generated ones repeatable. */
export function hostileRequests(op: Operation, seed: number): HostileRequest[] {
  const out: HostileRequest[] = [];
  for (const p of op.pathParams) {
    for (const v of WRONG_SEGMENTS)
      out.push({ label: `path ${p.name}=${v.slice(0, 30)}`, url: urlOf(op, { [p.name]: v }) });
  }
  for (const q of op.queryParams.map((p) => p.name)) {
    for (const v of WRONG_SEGMENTS)
      out.push({ label: `query ${q}=${v.slice(0, 30)}`, url: urlOf(op, {}, `${q}=${v}`) });
    for (const qs of [`${q}=1&${q}=2`, `${q}[]=1`, `${q}[a]=1`, `${q}=&${q}=%00`]) {
      out.push({ label: `query ${qs}`, url: urlOf(op, {}, qs) });
    }
  }
  out.push({ label: 'unknown query parameters', url: urlOf(op, {}, 'zz=%00&zz[a]=%FF&__proto__[x]=1') });
  if (op.method === 'GET') return out;

  const url = urlOf(op);
  const base = plausible(op.body ?? { type: 'object' });
  const json = (label: string, value: unknown) =>
    out.push({ label, url, payload: JSON.stringify(value), contentType: JSON_TYPE });
  json('plausible body', base);
  const deep = `${'{"a":['.repeat(5000)}1${']}'.repeat(5000)}`;
  for (const place of placesIn(base)) {
    const at = place.join('.');
    for (const v of WRONG_VALUES) json(`${at}=${JSON.stringify(v)?.slice(0, 30)}`, replaced(base, place, v));
    const marked = JSON.stringify(replaced(base, place, '__deep__')).replace('"__deep__"', deep);
    out.push({ label: `${at} nested 5,000 deep`, url, payload: marked, contentType: JSON_TYPE });
  }
  for (const v of [null, 1, 'x', [], '\u0000', nested(200, 1)]) json(`body ${JSON.stringify(v).slice(0, 30)}`, v);
  const raw = (label: string, payload: string | Buffer, contentType?: string) =>
    out.push({ label, url, payload, ...(contentType ? { contentType } : {}) });
  // Deeper than JSON.stringify could write (and some parsers could read) without running out of stack.
  raw('body nested 5,000 deep', deep, JSON_TYPE);
  raw('malformed JSON', '{"a": [1, ', JSON_TYPE);
  raw('empty JSON', '', JSON_TYPE);
  raw('escaped NUL', '{"x":"\\u0000"}', JSON_TYPE);
  raw('prototype key', '{"__proto__":{"admin":true},"constructor":{"prototype":{}}}', JSON_TYPE);
  raw(
    'invalid UTF-8',
    Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d]),
    JSON_TYPE,
  );
  raw('over the body limit', JSON.stringify({ ...(base as object), pad: 'x'.repeat(70 * 1024) }), JSON_TYPE);
  raw('JSON in another charset', JSON.stringify(base), 'application/json; charset=utf-16');
  raw('text/plain', 'hello\u0000world', 'text/plain');
  raw('form', 'a=1&b=%00', 'application/x-www-form-urlencoded');
  raw(
    'multipart',
    '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--b--\r\n',
    'multipart/form-data; boundary=b',
  );
  raw('xml', '<?xml version="1.0"?><a>1</a>', 'application/xml');
  raw('no content type', JSON.stringify(base));
  // Generated: any JSON, and the body's own fields with values of any kind.
  fc.sample(fc.jsonValue({ maxDepth: 4 }), { seed, numRuns: 4 }).forEach((v, i) => {
    json(`generated body ${i}`, v);
  });
  const keys = Object.keys((base ?? {}) as object);
  if (keys.length) {
    const fields = fc.record(Object.fromEntries(keys.map((k) => [k, fc.jsonValue({ maxDepth: 2 })])));
    fc.sample(fields, { seed: seed + 1, numRuns: 4 }).forEach((v, i) => {
      json(`generated fields ${i}`, { ...(base as object), ...v });
    });
  }
  return out;
}
