import type { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { ids } from './helpers.js';
import { usePipelineServer } from './pipeline-harness.js';
// Loaded first for its Promise.withResolvers shim, which the SDK needs on Node 20.
import './sdk-harness.js';

const pipeline = usePipelineServer();
const { VRChat } = await import('vrchat');

/**
 * The SDK logged in as alice, its own websocket pointed at the mock, handed an auth token as the SDK
 * itself does when it finds a stored auth cookie, and open. Its websocket's event methods come from a
 * typings package the SDK does not ship, hence the EventEmitter view.
 */
async function sdkPipeline(): Promise<{ events: EventEmitter; close(): void }> {
  const credentials = { username: 'alice', password: 'alice-password' };
  const vrchat = new VRChat({
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

describe('the official vrchat SDK on the event socket', () => {
  it('receives friend-online through its own websocket client', async () => {
    const sdk = await sdkPipeline();
    const received = new Promise((resolve) => sdk.events.once('friend-online', resolve));
    const content = { userId: ids.bob, platform: 'standalonewindows', location: 'offline', canRequestInvite: false, user: { id: ids.bob } };
    await pipeline.control('POST', '/pipeline', { userId: ids.alice, type: 'friend-online', content });
    expect(await received).toEqual(content);
    sdk.close();
  });

  it('receives a notification through its own websocket client', async () => {
    const sdk = await sdkPipeline();
    const received = new Promise((resolve) => sdk.events.once('notification', resolve));
    const content = { id: 'not_x', type: 'boop', senderUserId: ids.bob, details: {}, message: '', seen: false, created_at: '2026-01-15T12:00:00.000Z' };
    await pipeline.control('POST', '/pipeline', { userId: ids.alice, type: 'notification', content });
    expect(await received).toEqual(content);
    sdk.close();
  });
});
