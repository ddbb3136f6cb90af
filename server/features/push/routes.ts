import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  pushDeviceParams,
  pushDevicesResponse,
  pushEndpointBody,
  pushKeyResponse,
  pushSubscriptionBody,
} from '#common/api/push.ts';
import { invalidField, notFound } from '#server/errors.ts';
import { requireUser } from '#server/features/accounts/policy.ts';
import { declareAudiences } from '#server/http/audience.ts';
import { pushDevicesOf } from './data.ts';
import { deviceLabel } from './device-label.ts';
import { allowedPushEndpoint } from './endpoint.ts';
import { removePushSubscription, savePushSubscription } from './mutations.ts';
import { presentPushDevices } from './present.ts';

const okResponse = z.object({ ok: z.literal(true) });

/**
 * Web Push for members (decision 067): the key browsers subscribe with, a device's subscription
 * and its end, and the member's devices in her settings.
 */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  declareAudiences(app, {
    'GET /push/key': 'public',
    'POST /push/subscriptions': 'member',
    'POST /push/unsubscribe': 'member',
    'GET /push/subscriptions': 'member',
    'DELETE /push/subscriptions/:id': 'member',
  });
  const { db, config } = app.ctx;
  const production = config.env === 'production';

  app.get(
    '/push/key',
    {
      schema: {
        summary: "Answers the server's VAPID public key, which browsers subscribe to pushes with.",
        response: { 200: pushKeyResponse },
      },
    },
    async () => {
      if (!config.webPush) throw notFound();
      return { public_key: config.webPush.keys.publicKey };
    },
  );

  app.post(
    '/push/subscriptions',
    {
      schema: {
        summary: "Keeps this browser's push subscription for the signed-in member (again: renews it).",
        body: pushSubscriptionBody,
        response: { 200: okResponse },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const { endpoint, keys } = request.body;
      if (!config.webPush) throw notFound();
      if (!allowedPushEndpoint(endpoint, production)) throw invalidField('endpoint', 'errors.validations.url');
      await savePushSubscription(db, {
        userId: user.id,
        endpoint,
        p256dh: keys.p256dh.replace(/=+$/, ''),
        auth: keys.auth.replace(/=+$/, ''),
        locale: request.locale,
        label: deviceLabel(request.headers['user-agent']),
      });
      return { ok: true as const };
    },
  );

  app.post(
    '/push/unsubscribe',
    {
      schema: {
        summary: "Ends this browser's push subscription for the signed-in member.",
        body: pushEndpointBody,
        response: { 200: okResponse },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      // Idempotent: a browser that was moved to another member or dropped has nothing left here.
      await removePushSubscription(db, user.id, { endpoint: request.body.endpoint });
      return { ok: true as const };
    },
  );

  app.get(
    '/push/subscriptions',
    {
      schema: {
        summary: "Lists the signed-in member's devices that get push notifications, newest first.",
        response: { 200: pushDevicesResponse },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return presentPushDevices(await pushDevicesOf(db, user.id));
    },
  );

  app.delete(
    '/push/subscriptions/:id',
    {
      schema: {
        summary: "Removes one of the signed-in member's devices from push notifications.",
        params: pushDeviceParams,
        response: { 200: okResponse },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      if (!(await removePushSubscription(db, user.id, { id: request.params.id }))) throw notFound();
      return { ok: true as const };
    },
  );
};
