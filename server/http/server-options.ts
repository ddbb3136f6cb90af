import { randomUUID } from 'node:crypto';
import type { FastifyServerOptions } from 'fastify';
import type { Config } from '#server/config.ts';
import { proxyTrust } from './client-address.ts';
import { answerFrameworkError } from './error-handler.ts';
import { RequestLogController, requestLogLevel } from './log-format.ts';
import { logError, logRequest } from './log-serializers.ts';
import { lazyChildLogger } from './request-logger.ts';

const BODY_LIMIT = 64 * 1024;

/**
 * The Fastify options of the server (app.ts): logs, request ids, the caller's address, body
 * limit, connections on close. `logStream`: where log lines go instead of stdout, at LOG_LEVEL
 * even under test (for tests that read the logs).
 */
export function serverOptions(config: Config, logStream?: { write(line: string): void }): FastifyServerOptions {
  return {
    logger: {
      level: config.env === 'test' && !logStream ? 'silent' : config.logLevel,
      ...(logStream ? { stream: logStream } : {}),
      serializers: { req: logRequest, err: logError },
      redact: {
        paths: [
          'req.headers.cookie',
          'req.headers.authorization',
          'req.headers["x-xsrf-token"]',
          'res.headers["set-cookie"]',
        ],
        censor: '[redacted]',
      },
    },
    // A request's child logger is made when it first writes a line (request-logger.ts).
    childLoggerFactory: lazyChildLogger,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // Request lines at the level the environment wants (log-format.ts).
    logController: new RequestLogController(requestLogLevel(config.env)),
    // Our own rule (client-address.ts), shared with the socket handshake: this Fastify ignores a
    // bare hop count, and `true` would believe whatever the client wrote into X-Forwarded-For.
    trustProxy: proxyTrust(config.trustProxy),
    bodyLimit: BODY_LIMIT,
    forceCloseConnections: 'idle',
    // Paths refused before routing (not UTF-8 once decoded, a parameter over the length limit).
    frameworkErrors: (err, _request, reply) => answerFrameworkError(err, reply),
  };
}
