import type { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { ids } from '../support/helpers.js';
import { usePipelineServer } from '../support/pipeline-harness.js';
import { sdkClient } from '../support/sdk-harness.js';

const pipeline = usePipelineServer();

/**
 * The SDK logged in as alice, its own websocket pointed at the mock, handed an auth token as the SDK
 * itself does when it finds a stored auth cookie, and open. Its websocket's event methods come from a
 * typings package the SDK does not ship, hence the EventEmitter view.
 */
async function sdkPipeline(): Promise<{ events: EventEmitter; close(): void }> {
  const credentials = { username: 'alice', password: 'alice-password' };
  const vrchat = sdkClient({
    baseUrl: pipeline.server().url,
    application: { name: 'mock-api-tests', version: '1.0.0', contact: 'tests@example.test' },
    authentication: { credentials, optimistic: false },
    pipeline: { baseUrl: pipeline.server().pipelineUrl },
  });
  await vrchat.login(credentials);
  await vrchat.pipeline.authenticate((await pipeline.login('alice')).token);
  // The SDK keeps its socket private; waiting for it to open is all a test needs of it.
  const socket = (vrchat.pipeline as unknown as { websocket: EventTarget }).websocket;
  if (!vrchat.pipeline.connected) await new Promise((resolve) => socket.addEventListener('open', resolve, { once: true }));
  return { events: vrchat.pipeline as unknown as EventEmitter, close: () => vrchat.pipeline.close() };
}

const workshop = 'wrld_a11ce000-0000-4000-8000-00000000b001:20002~region(jp)~nonce(a11ce000-0000-4000-8000-0000000000c5)';

describe('the official vrchat SDK on the event socket', () => {
  it('receives friend-online through its own websocket client when a friend enters an instance', async () => {
    const sdk = await sdkPipeline();
    const received = new Promise<any>((resolve) => sdk.events.once('friend-online', resolve));
    expect((await pipeline.control('POST', `/users/${ids.frank}/presence`, { location: workshop, platform: 'android' })).status).toBe(200);
    expect(await received).toMatchObject({ userId: ids.frank, location: workshop, platform: 'android', user: { id: ids.frank } });
    sdk.close();
  });

  it('receives a notification through its own websocket client when a friend invites', async () => {
    const bob = await pipeline.login('bob');
    const sdk = await sdkPipeline();
    const received = new Promise<any>((resolve) => sdk.events.once('notification', resolve));
    const invite = await pipeline.api('POST', `/invite/${ids.alice}`, { cookie: bob.cookie, body: { instanceId: workshop } });
    expect(invite.status).toBe(200);
    expect(await received).toMatchObject({ id: invite.body.id, type: 'invite', senderUserId: ids.bob, details: { worldId: workshop } });
    sdk.close();
  });

  it('receives a badge given by the server and an item added to the inventory, parsed as the SDK reads them', async () => {
    const sdk = await sdkPipeline();
    const assigned = new Promise<any>((resolve) => sdk.events.once('user-badge-assigned', resolve));
    const given = await pipeline.control('POST', `/users/${ids.alice}/badges`, { badgeName: 'Night Owl' });
    expect(given.status).toBe(200);
    expect(await assigned).toEqual({ badge: given.body });
    const refreshed = new Promise<any>((resolve) => sdk.events.once('content-refresh', resolve));
    const redeemed = await pipeline.api('POST', '/reward/redeem', {
      cookie: (await pipeline.login('alice')).cookie,
      body: { code: 'AURORA-ONCE' },
    });
    expect(redeemed.status).toBe(200);
    expect(await refreshed).toMatchObject({ contentType: 'inventory', actionType: 'add', itemType: 'portalskin' });
    sdk.close();
  });
});
