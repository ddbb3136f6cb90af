import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { registerAudiences } from '#server/features/session/audience-gate.ts';
import { registerSessionHooks } from '#server/features/session/request.ts';
import { apiDocumentOptions } from '#server/http/api-document.ts';
import { isApiRequest } from '#server/http/api-request.ts';
import { defaultAudience } from '#server/http/audience.ts';
import { registerErrorHandler } from '#server/http/error-handler.ts';
import { registerForwardedCalls } from '#server/http/forwarded-call.ts';
import { registerSecurity } from '#server/http/security.ts';
import { serializerCompiler } from '#server/http/serialization.ts';
import { registerStagingGate } from '#server/http/staging-gate.ts';
import { validatorCompiler } from '#server/http/validation.ts';

/**
 * The HTTP layer every route group shares (server/http/), in the order a request meets it:
 * validation and serialization of the zod schemas, API answer headers, cookies, the address of a
 * call a sibling process passed on, security headers and rate limits, the error answers, sessions and CSRF, the staging gate, audiences, and the
 * OpenAPI document (served at /api/docs when API_DOCS is on).
 */
export const httpPlugin = fp(
  async (app) => {
    const { config } = app.ctx;
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    // Synchronous (done, no promise): it runs for every answer.
    app.addHook('onSend', (request, reply, _payload, done) => {
      if (isApiRequest(request)) {
        reply.header('x-version', config.buildId);
        reply.header('x-request-id', String(request.id));
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      }
      done();
    });

    await app.register(cookie);
    // First: a call a sibling process passed on is answered for the browser's address (decision 051).
    registerForwardedCalls(app);
    await registerSecurity(app);
    registerErrorHandler(app);
    registerSessionHooks(app);
    registerStagingGate(app);
    registerAudiences(app);

    await app.register(swagger, apiDocumentOptions(config));
    // The document is always built (app.swagger()); only serving it is a setting, off in production.
    if (config.apiDocs) {
      await app.register(async (docs) => {
        defaultAudience(docs, 'public');
        await docs.register(swaggerUi, { routePrefix: '/api/docs' });
      });
    }
  },
  { name: 'http', dependencies: ['services'] },
);
