import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '#app/http.ts';
import type { contactBody, takedownBody } from '#common/api/content.ts';

export type ContactInput = z.output<typeof contactBody>;
export type TakedownInput = z.output<typeof takedownBody>;

/** POST /api/contact: the message goes to support by e-mail. */
export const useSendContact = () =>
  useMutation({ mutationFn: (body: ContactInput) => api<{ ok: true }>('POST', 'contact', body) });

/** POST /api/takedown: a notice of illegal content; answers its reference number. */
export const useSendTakedown = () =>
  useMutation({ mutationFn: (body: TakedownInput) => api<{ id: number }>('POST', 'takedown', body) });
