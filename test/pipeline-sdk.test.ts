import { describe, expect, it } from 'vitest';
import type { VRChat as VRChatClient } from 'vrchat';
import { ids } from './helpers.js';
import { usePipelineServer } from './pipeline-harness.js';
// Loaded first for its Promise.withResolvers shim, which the SDK needs on Node 20.
import './sdk-harness.js';

const pipeline = usePipelineServer();
const { VRChat } = await import('vrchat');

/** The SDK logged in as alice, its own websocket pointed at the mock and open. */
async function sdkWithPipeline(): Promise<VRChatClient> {
  const credentials = { username: 'alice', password: 'alice-password' };
  const vrchat = new VRChat({
    baseUrl: pipeline.server().url,
    application: { name: 'mock-api-tests', version: '1.0.0', contact: 'tests@example.test' },
    authentication: { credentials, optimistic: false },
    pipeline: { baseUrl: pipeline.server().pipelineUrl },
  });
  await vrchat.login(credentials);
  // With the auth cookie in its jar, authenticate() opens the pipeline with it, as an app restart would.
  await vrchat.authenticate({ partial: true });
  // The SDK keeps its socket private; waiting for it to open is all a test needs of it.
  const socket = (vrchat.pipeline as unknown as { websocket: EventTarget }).websocket;
  if (!vrchat.pipeline.connected) await new Promise((resolve) => socket.addEventListener('open', resolve, { once: true }));
  return vrchat;
}

describe('the official vrchat SDK on the event socket', () => {
  it('receives friend-online through its own websocket client', async () => {
    const vrchat = await sdkWithPipeline();
    const received = new Promise((resolve) => vrchat.pipeline.on('friend-online', resolve));
    const content = { userId: ids.bob, platform: 'standalonewindows', location: 'offline', canRequestInvite: false, user: { id: ids.bob } };
    await pipeline.control('POST', '/pipeline', { userId: ids.alice, type: 'friend-online', content });
    expect(await received).toEqual(content);
    vrchat.pipeline.close();
  });

  it('receives a notification through its own websocket client', async () => {
    const vrchat = await sdkWithPipeline();
    const received = new Promise((resolve) => vrchat.pipeline.on('notification', resolve));
    const content = { id: 'not_x', type: 'boop', senderUserId: ids.bob, details: {}, message: '', seen: false, created_at: '2026-01-15T12:00:00.000Z' };
    await pipeline.control('POST', '/pipeline', { userId: ids.alice, type: 'notification', content });
    expect(await received).toEqual(content);
    vrchat.pipeline.close();
  });
});
