import type { FastifyBaseLogger } from 'fastify';
import type { ZodType } from 'zod';
import { SHOW_CHAT_ERRORS } from '#common/api/showchat.ts';
import type { ServerSocket } from './sockets.ts';

/**
 * Runs a chat event's handler and answers through the acknowledgement, if the client asked for
 * one. A failure is logged and answered `errors.unknown_error`; it never reaches the socket server.
 */
export function answering<A>(
  log: FastifyBaseLogger,
  socket: ServerSocket,
  event: string,
  run: () => Promise<A>,
  ack: unknown,
) {
  run().then(
    (answer) => {
      if (typeof ack === 'function') ack(answer);
    },
    (err: unknown) => {
      log.error({ err, event, socketId: socket.id }, 'show chat event failed');
      if (typeof ack === 'function') ack({ ok: false, error: SHOW_CHAT_ERRORS.unknown });
    },
  );
}

/** The payload as the schema reads it, or null: clients' payloads are never trusted. */
export const parse = <T>(schema: ZodType<T>, payload: unknown): T | null => {
  const parsed = schema.safeParse(payload);
  return parsed.success ? parsed.data : null;
};
