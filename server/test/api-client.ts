import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { XSRF_COOKIE, XSRF_HEADER } from '#common/constants.ts';

/**
 * Whether the API document is usable by a client (decision 070): openapi-typescript generates
 * `paths` from it, and a small script typed with them signs in, reads the show list and starts a
 * chat. A second script makes a wrong call (a field login does not know), so the check can fail.
 */

/** A fetch typed by the generated `paths`: path parameters and body as the operation wants them. */
const wrapper = `import type { paths } from './api.ts';

type Json<R> = R extends { content: { 'application/json': infer B } } ? B : never;
type Args<O> = (O extends { requestBody: infer R } ? { body: Json<R> } : { body?: never }) &
  (O extends { parameters: { path: infer P } } ? { params: P } : { params?: never }) &
  (O extends { parameters: { query?: infer Q } } ? { query?: Q } : { query?: never });
type Ok<O> = O extends { responses: { 200: infer R } } ? Json<R> : unknown;

type Operation<P extends keyof paths, M> = M extends keyof paths[P] ? paths[P][M] : never;
type Loose = { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };

const cookies = new Map<string, string>();

// Method and route first, then the arguments: typed against the one operation they name.
type Call = <P extends keyof paths, M extends 'get' | 'post'>(
  method: M,
  route: P,
) => (args: Args<Operation<P, M>>) => Promise<Ok<Operation<P, M>>>;
export const call = ((method: string, route: string) => (args: Loose) => send(method, route, args)) as unknown as Call;

async function send(method: string, route: string, { params = {}, query = {}, body }: Loose): Promise<unknown> {
  const url = new URL(route.replace(/\\{(\\w+)\\}/g, (_, name: string) => String(params[name])), 'http://localhost:3000');
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, String(value));
  const headers: Record<string, string> = { cookie: [...cookies].map(([k, v]) => \`\${k}=\${v}\`).join('; ') };
  const xsrf = cookies.get('${XSRF_COOKIE}');
  if (xsrf) headers['${XSRF_HEADER}'] = decodeURIComponent(xsrf);
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(url, {
    method: method.toUpperCase(),
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  for (const line of response.headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const at = pair.indexOf('=');
    cookies.set(pair.slice(0, at), pair.slice(at + 1));
  }
  if (!response.ok) throw new Error(\`\${method} \${route}: \${response.status}\`);
  return await response.json();
}
`;

const script = `import { call } from './call.ts';

await call('get', '/api/auth/csrf-cookie')({});
await call('post', '/api/auth/login')({ body: { username: 'member@example.com', password: 'secret' } });
const shows = await call('get', '/api/shows')({ query: { page: 1 } });
const first = shows.data[0];
if (first) {
  const chat = await call('post', '/api/chatsession/{universalId}')({
    params: { universalId: first.universalId },
    body: { type: 'video', nickname: null },
  });
  console.log(first.showName, chat.session_type);
}
`;

/** The wrong call: login has no \`user\` field. */
const wrong = `import { call } from './call.ts';

await call('post', '/api/auth/login')({ body: { user: 'member@example.com', password: 'secret' } });
`;

/** The type errors of the script and of the wrong call, each as `file: message` lines. */
export async function typeCheckClient(document: unknown): Promise<{ script: string[]; wrong: string[] }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'livecam-api-client-'));
  try {
    const types = astToString(await openapiTS(document as Parameters<typeof openapiTS>[0]));
    writeFileSync(path.join(dir, 'api.ts'), types);
    writeFileSync(path.join(dir, 'call.ts'), wrapper);
    writeFileSync(path.join(dir, 'script.ts'), script);
    writeFileSync(path.join(dir, 'wrong.ts'), wrong);
    const program = ts.createProgram([path.join(dir, 'script.ts'), path.join(dir, 'wrong.ts')], {
      strict: true,
      noUncheckedIndexedAccess: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2023,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      allowImportingTsExtensions: true,
      lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
      types: [],
      skipLibCheck: true,
    });
    const isWrong = (d: ts.Diagnostic) => d.file !== undefined && path.basename(d.file.fileName) === 'wrong.ts';
    const text = (d: ts.Diagnostic) =>
      `${d.file ? `${path.basename(d.file.fileName)}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}` : '-'}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
    const diagnostics = ts.getPreEmitDiagnostics(program);
    return { script: diagnostics.filter((d) => !isWrong(d)).map(text), wrong: diagnostics.filter(isWrong).map(text) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
