import type { WebSocket } from 'ws';
import type { SentFrame, SocketFaultsInput, SocketFaultsState } from './frame-schema.js';
import { LIMITS, stringBytes } from '../limits.js';
import type { PushQueue } from '../http/push-queues.js';

/** One open socket: whose it is, which session opened it, since when (wall time, as clients see it). */
export interface PipelineClient {
  readonly socket: WebSocket;
  readonly userId: string;
  readonly token: string;
  readonly since: string;
  /** Whether the session is still live by its sandbox's clock: a session may expire while its socket is open. */
  readonly live: () => boolean;
  /** What it has not read, counted against the process's total. */
  readonly queue: PushQueue;
}

export interface SocketFaults {
  delayMs: number;
  duplicate: boolean;
  refuseConnections: number;
  /** Wall-clock epoch ms until which connections are refused. */
  refuseUntil: number;
}

export const noFaults = (): SocketFaults => ({ delayMs: 0, duplicate: false, refuseConnections: 0, refuseUntil: 0 });

export function faultsFrom(input: SocketFaultsInput, now: number): SocketFaults {
  return {
    delayMs: input.delayMs ?? 0,
    duplicate: input.duplicate ?? false,
    refuseConnections: input.refuseConnections ?? 0,
    refuseUntil: input.refuseForMs ? now + input.refuseForMs : 0,
  };
}

/** The sockets of one sandbox, by user, with the frames they were sent and the faults they meet. */
export class PipelineRoom {
  readonly byUser = new Map<string, Set<PipelineClient>>();
  faults = noFaults();
  /** Oldest first from `start`; compacted now and then rather than shifted per frame. */
  private frames: SentFrame[] = [];
  private start = 0;
  private bytes = 0;

  /** The sandbox's X-Mock-World id; null for the default sandbox. */
  constructor(readonly sandboxId: string | null) {}

  /**
   * Keeps the client; answers the sockets of its session it pushed past LIMITS.socketsPerSession
   * (oldest first), already removed, for the caller to close.
   */
  add(client: PipelineClient): PipelineClient[] {
    let clients = this.byUser.get(client.userId);
    if (!clients) this.byUser.set(client.userId, (clients = new Set()));
    clients.add(client);
    const session = [...clients].filter((other) => other.token === client.token);
    const over = session.slice(0, Math.max(0, session.length - LIMITS.socketsPerSession.value));
    for (const old of over) this.remove(old);
    return over;
  }

  remove(client: PipelineClient) {
    const clients = this.byUser.get(client.userId);
    if (!clients?.delete(client)) return;
    if (clients.size === 0) this.byUser.delete(client.userId);
  }

  /** The sockets of `userIds` (each user once), or of everyone. */
  clientsOf(userIds: readonly string[] | 'all'): PipelineClient[] {
    const found: PipelineClient[] = [];
    const users = userIds === 'all' ? this.byUser.keys() : userIds.length > 1 ? new Set(userIds) : userIds;
    for (const userId of users) {
      const clients = this.byUser.get(userId);
      if (clients) for (const client of clients) found.push(client);
    }
    return found;
  }

  all(): PipelineClient[] {
    return this.clientsOf('all');
  }

  /** True (and counts it) when the faults refuse this connection attempt. */
  refuses(now: number): boolean {
    if (this.faults.refuseUntil > now) return true;
    if (this.faults.refuseConnections === 0) return false;
    this.faults.refuseConnections--;
    return true;
  }

  /** Lists the frame; past LIMITS.pipelineFramesKept frames or pipelineFrameBytesKept bytes the oldest go. */
  record(frame: SentFrame) {
    const kept = listedFrame(frame);
    this.frames.push(kept);
    this.bytes += frameBytes(kept);
    while (this.frames.length - this.start > LIMITS.pipelineFramesKept.value || this.bytes > LIMITS.pipelineFrameBytesKept.value) {
      this.bytes -= frameBytes(this.frames[this.start]!);
      this.start += 1;
    }
    if (this.start > LIMITS.pipelineFramesKept.value) {
      this.frames = this.frames.slice(this.start);
      this.start = 0;
    }
  }

  /** A sandbox reset: its faults and the frames it sent are forgotten. */
  reset() {
    this.faults = noFaults();
    this.frames = [];
    this.start = 0;
    this.bytes = 0;
  }

  /** Oldest first. */
  recent(): SentFrame[] {
    return this.frames.slice(this.start);
  }

  describe(): SocketFaultsState {
    const { delayMs, duplicate, refuseConnections, refuseUntil } = this.faults;
    return {
      delayMs,
      duplicate,
      refuseConnections,
      refuseUntil: refuseUntil > Date.now() ? new Date(refuseUntil).toISOString() : null,
    };
  }
}

function listedFrame(frame: SentFrame): SentFrame {
  const max = LIMITS.pipelineFrameContentKept.value;
  if (frame.content === undefined || stringBytes(frame.content) <= max) return frame;
  return { ...frame, content: frame.content.slice(0, max / 2), truncated: true };
}

/** The content's bytes and a flat share for the rest of the entry, as LIMITS.pipelineFrameBytesKept counts them. */
export const frameBytes = (frame: SentFrame) => 256 + (frame.content === undefined ? 0 : stringBytes(frame.content));
