import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi } from '#app/features/auth/testing.ts';
import { jsonResponse, renderWithProviders } from '#app/test/render.tsx';
import type { StudioPhoneChat as State } from '#common/api/studio-phone-chat.ts';
import { StudioPhoneChat } from './StudioPhoneChat.tsx';

const START: State = {
  phoneChat: true,
  extension: '1004',
  takingCalls: false,
  needsForwarding: true,
  forwarding: null,
};

/** A studio server that keeps her phone chat and answers every change with it. */
function phoneServer(start: State = START, taking?: () => Response | undefined) {
  let current = start;
  return mockApi({
    'GET /api/studio/phone-chat': () => jsonResponse(current),
    'PUT /api/studio/phone-chat': (call) => {
      const { number } = call.body as { number: string | null };
      current = { ...current, forwarding: number ? `${number.slice(0, 3)} ••• ${number.slice(-2)}` : null };
      return jsonResponse(current);
    },
    'POST /api/studio/phone-chat/taking': (call) => {
      const refused = taking?.();
      if (refused) return refused;
      current = { ...current, takingCalls: (call.body as { on: boolean }).on };
      return jsonResponse(current);
    },
  });
}

describe('her phone chat in the studio', () => {
  it('shows nothing for a show without phone chat', async () => {
    const server = phoneServer({ ...START, phoneChat: false, extension: null });
    const { container } = renderWithProviders(<StudioPhoneChat />);
    await waitFor(() => expect(server.callsTo('GET /api/studio/phone-chat')).toHaveLength(1));
    expect(container).toBeEmptyDOMElement();
  });

  it('asks for her telephone with consent before she can take calls, then switches them on', async () => {
    const server = phoneServer();
    renderWithProviders(<StudioPhoneChat />);
    const card = await screen.findByRole('region', { name: 'Phone chat' });
    expect(card).toHaveTextContent('your extension 1004');
    const toggle = screen.getByRole('switch', { name: 'Take calls now' });
    expect(toggle).toBeDisabled();

    const field = screen.getByRole('textbox', { name: 'Your telephone' });
    await userEvent.type(field, '0176 1234');
    await userEvent.click(screen.getByRole('button', { name: 'Save telephone' }));
    expect(await screen.findByText(/international form, such as \+49 176 12345678\.$/)).toBeInTheDocument();
    await userEvent.clear(field);
    await userEvent.type(field, '+49 176 1234-5678');
    await userEvent.click(screen.getByRole('button', { name: 'Save telephone' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please agree');
    expect(server.callsTo('PUT /api/studio/phone-chat')).toHaveLength(0);

    await userEvent.click(screen.getByRole('checkbox', { name: /I agree/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save telephone' }));
    expect(await screen.findByText(/your telephone \+49 ••• 78/)).toBeInTheDocument();
    expect(server.callsTo('PUT /api/studio/phone-chat')[0]?.body).toEqual({ number: '+4917612345678', consent: true });
    expect(field).toHaveValue('');

    await waitFor(() => expect(toggle).toBeEnabled());
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(server.callsTo('POST /api/studio/phone-chat/taking')[0]?.body).toEqual({ on: true });
  });

  it('says why the switch did not move when she is offline', async () => {
    phoneServer({ ...START, forwarding: '+49 ••• 78' }, () =>
      apiError(409, { error: 'conflict', message: 'conflict', errors: { on: ['errors.phone_chat.offline'] } }),
    );
    renderWithProviders(<StudioPhoneChat />);
    const toggle = await screen.findByRole('switch', { name: 'Take calls now' });
    await userEvent.click(toggle);
    expect(await screen.findByText('Go online first: only then can you take calls.')).toBeInTheDocument();
    expect(toggle).not.toBeChecked();
  });
});
