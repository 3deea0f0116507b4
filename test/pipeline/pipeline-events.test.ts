import { describe, expect, it } from 'vitest';
import { usePipelineServer, type TestSocket } from '../support/pipeline-harness.js';

const pipeline = usePipelineServer();

/** Alice's socket, Bob's socket in the same world, and Alice's socket in an isolated world. */
async function audience() {
  const world = (await pipeline.control('POST', '/worlds')).body.id as string;
  const elsewhereSession = await pipeline.login('alice', { 'x-mock-world': world });
  const [{ cookie, socket: receiver }, { socket: bystander }] = await pipeline.connect('alice', 'bob');
  const elsewhere = pipeline.open(`world=${world}&authToken=${elsewhereSession.token}`);
  await elsewhere.opened;
  return {
    cookie,
    receiver,
    /** Nothing more for the receiver, nothing at all for the others. */
    async nobodyElse(others: TestSocket[] = [bystander]) {
      await pipeline.expectNothingMore([receiver, ...others]);
      await pipeline.expectNothingMore([elsewhere], world);
      await pipeline.control('DELETE', `/worlds/${world}`);
    },
  };
}

describe('notification events', () => {
  it('marking a notification seen sends see-notification with the bare id to its receiver only', async () => {
    const { cookie, receiver, nobodyElse } = await audience();
    const id = 'not_a11ce000-0000-4000-8000-0000000d0002';
    expect((await pipeline.api('PUT', `/auth/user/notifications/${id}/see`, { cookie })).status).toBe(200);
    expect(await receiver.next()).toEqual({ type: 'see-notification', content: id });
    await nobodyElse();
  });

  it('hiding a notification sends hide-notification with the bare id to its receiver only', async () => {
    const { cookie, receiver, nobodyElse } = await audience();
    const id = 'frq_a11ce000-0000-4000-8000-0000000d0004';
    expect((await pipeline.api('PUT', `/auth/user/notifications/${id}/hide`, { cookie })).status).toBe(200);
    expect(await receiver.next()).toEqual({ type: 'hide-notification', content: id });
    await nobodyElse();
  });

  it('sends the events of several changes in the order they were made', async () => {
    const { cookie, receiver, nobodyElse } = await audience();
    const first = 'not_a11ce000-0000-4000-8000-0000000d0001';
    const second = 'not_a11ce000-0000-4000-8000-0000000d0003';
    await pipeline.api('PUT', `/auth/user/notifications/${first}/see`, { cookie });
    await pipeline.api('PUT', `/auth/user/notifications/${second}/see`, { cookie });
    await pipeline.api('PUT', `/auth/user/notifications/${first}/hide`, { cookie });
    expect([await receiver.next(), await receiver.next(), await receiver.next()]).toEqual([
      { type: 'see-notification', content: first },
      { type: 'see-notification', content: second },
      { type: 'hide-notification', content: first },
    ]);
    await nobodyElse();
  });

  it('sends nothing when the change is refused', async () => {
    const { cookie, nobodyElse } = await audience();
    const bobs = 'not_b0b00000-0000-4000-8000-0000000d0101';
    expect((await pipeline.api('PUT', `/auth/user/notifications/${bobs}/see`, { cookie })).status).toBe(404);
    await nobodyElse();
  });
});

describe('a user with several sockets', () => {
  it('gets each frame on every one of them', async () => {
    const { cookie, receiver, nobodyElse } = await audience();
    const second = pipeline.open(`authToken=${(await pipeline.login('alice')).token}`);
    await second.opened;
    const id = 'not_a11ce000-0000-4000-8000-0000000d0002';
    await pipeline.api('PUT', `/auth/user/notifications/${id}/see`, { cookie });
    expect(await receiver.next()).toEqual({ type: 'see-notification', content: id });
    expect(await second.next()).toEqual({ type: 'see-notification', content: id });
    await nobodyElse();
  });
});
