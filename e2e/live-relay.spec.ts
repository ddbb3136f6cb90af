import { expect, test } from '@playwright/test';
import {
  connectedPair,
  expectMovingPicture,
  leaveChat,
  newVisitor,
  ownShows,
  recordPeers,
  startChat,
} from './live-support.ts';
import { e2eTurn } from './turn.ts';

/**
 * Live video through the TURN relay (decision 054): a viewer whose network lets nothing but a
 * TURN relay through (her browser's connections only gather relay candidates) watches a demo
 * performer live on the embedded SFU, with the credential the server handed her page for coturn.
 */
test.skip(!e2eTurn, 'coturn is not installed (scripts/ensure-media-servers.sh installs it), or E2E_TURN=0');

test('a viewer whose network lets only a TURN relay through watches a live show through it', async ({ browser }) => {
  const { context, page } = await newVisitor(browser);
  await recordPeers(context, { relay: true });
  const [show] = (await ownShows(page, true)).filter((s) => s.flags.free);
  if (!show) throw new Error('no online show with free chat');
  await startChat(page, show, 'en', 'chatsession.offer.free');
  await expectMovingPicture(page);
  // Her media runs on a relayed address of the loopback coturn, to the SFU on loopback.
  const pair = await connectedPair(page);
  expect(pair.local).toMatchObject({ candidateType: 'relay', address: '127.0.0.1', relayProtocol: 'udp' });
  expect(pair.remote.address).toBe('127.0.0.1');
  await leaveChat(page, 'en');
  await context.close();
});
