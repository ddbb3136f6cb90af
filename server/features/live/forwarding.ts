import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '#server/context.ts';
import { FORWARDED_HEADER, forwardedCallHeader } from '#server/http/forwarded-call.ts';
import type { Holder } from './publications.ts';

/**
 * Live calls of a show reach the process holding its publication (decision 051): the embedded
 * SFU there has her camera and the viewers' peer connections, so a call landing elsewhere is
 * passed on over HTTP to the holder's INTERNAL_URL (same method, path, body, the browser's cookies
 * and CSRF header, its address and Host signed), and the holder's answer (status, body, cookies)
 * goes back as it is. A call passed on once is answered where it lands (the loop guard). A holder
 * that does not answer is treated as gone: the call is answered here, where the show is not on
 * air, and a publication here may take the show (`unansweredHolder`).
 */

/** Long enough for the holder to set up a peer connection (candidates gathered), short enough for a page. */
export const FORWARD_TIMEOUT_MS = 8_000;

/** The browser's headers the holder needs to answer as this process would. */
const PASSED_HEADERS = ['cookie', 'x-xsrf-token', 'accept-language', 'user-agent'] as const;
/** The holder's answer headers that go back to the browser (besides its cookies). */
const ANSWER_HEADERS = ['content-type', 'retry-after', 'cache-control'] as const;

const unanswered = new WeakMap<FastifyRequest, string>();

/** NODE_NAME of the holder that did not answer this request's call (it is treated as gone). */
export const unansweredHolder = (request: FastifyRequest): string | null => unanswered.get(request) ?? null;

/** Where a call belongs: the holder of the show it is about, or null to answer it here. */
export type LocateHolder = (request: FastifyRequest) => Promise<Holder | null>;

/**
 * The preHandler of a live route: passes the call on to the show's holder when that is another
 * process, and answers with what it answered.
 */
export function toHolder(ctx: Pick<AppContext, 'config' | 'publications'>, locate: LocateHolder) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.forwardedBy !== null) return;
    const holder = await locate(request);
    if (!holder || holder.node === ctx.publications.node) return;
    const answer = await passOn(ctx.config, request, holder).catch((err: unknown) => {
      request.log.warn({ err, holder: holder.node }, 'the holder of the publication did not answer: treated as gone');
      return null;
    });
    if (!answer) {
      unanswered.set(request, holder.node);
      return;
    }
    reply.code(answer.status);
    for (const name of ANSWER_HEADERS) {
      const value = answer.headers.get(name);
      if (value !== null) reply.header(name, value);
    }
    const cookies = answer.headers.getSetCookie();
    if (cookies.length) reply.header('set-cookie', cookies);
    return reply.send(await answer.text());
  };
}

async function passOn(config: AppContext['config'], request: FastifyRequest, holder: Holder): Promise<Response> {
  const { method, url } = request;
  const headers: Record<string, string> = {
    [FORWARDED_HEADER]: forwardedCallHeader(
      config.sessionSecret,
      { method, url },
      { ip: request.ip, host: request.host, node: config.chat.node },
    ),
    // The answer is read as text and sent on as it is: nothing compressed on the way.
    'accept-encoding': 'identity',
  };
  for (const name of PASSED_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const hasBody = method !== 'GET' && method !== 'HEAD';
  if (hasBody) headers['content-type'] = 'application/json';
  return fetch(`${holder.internalUrl}${url}`, {
    method,
    headers,
    ...(hasBody ? { body: JSON.stringify(request.body ?? {}) } : {}),
    redirect: 'manual',
    signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
  });
}
