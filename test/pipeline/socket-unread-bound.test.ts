// The unread bound of one event socket, checked without a network: what the kernel's buffers take in
// makes a real socket's unread count inexact, so the socket here reports it as the server would see it.
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { LIMITS } from '../../src/limits.js';
import { PipelineHub } from '../../src/pipeline/hub.js';
import { PipelineRoom } from '../../src/pipeline/room.js';

/** A socket of alice's that has `unread` bytes queued, noting what it is sent and whether it was cut. */
function stalledSocket(unread: number) {
  const sent: string[] = [];
  let cut = false;
  const socket = {
    OPEN: 1,
    get readyState() {
      return cut ? 3 : 1;
    },
    bufferedAmount: unread,
    send: (data: Buffer) => sent.push(data.toString()),
    terminate: () => (cut = true),
  };
  const room = new PipelineRoom(null);
  const queue = { unread: () => socket.bufferedAmount, drop: socket.terminate };
  room.add({ socket: socket as unknown as WebSocket, userId: 'alice', token: 'token', since: '', live: () => true, queue });
  return { room, sent, cut: () => cut };
}

describe(`an event socket whose client does not read (at most ${LIMITS.socketUnreadBytes.value} bytes)`, () => {
  it('is still sent the next frame with exactly the bound unread', () => {
    const { room, sent, cut } = stalledSocket(LIMITS.socketUnreadBytes.value);
    expect(new PipelineHub().deliver(room, 'notification', ['alice'], 'hello')).toBe(1);
    expect(sent).toEqual(['{"type":"notification","content":"hello"}']);
    expect(cut()).toBe(false);
  });

  it('is cut, and sent nothing more, with one byte more unread', () => {
    const { room, sent, cut } = stalledSocket(LIMITS.socketUnreadBytes.value + 1);
    new PipelineHub().deliver(room, 'notification', ['alice'], 'hello');
    expect(cut()).toBe(true);
    expect(sent).toEqual([]);
  });
});
