import type { WebSocket } from 'ws';
import type { SocketFaultsInput } from './frame-schema.js';

/** One open socket: whose it is, which session opened it, since when (wall time, as clients see it). */
export interface PipelineClient {
  readonly socket: WebSocket;
  readonly userId: string;
  readonly token: string;
  readonly since: string;
  /** Whether the session is still live by its world's clock: a session may expire while its socket is open. */
  readonly live: () => boolean;
}

/** A frame as GET /_mock/pipeline lists it: the users and how many sockets it reached. */
export interface SentFrame {
  at: string;
  type: string;
  content?: string;
  users: string[];
  sockets: number;
}

export interface SocketFaults {
  delayMs: number;
  duplicate: boolean;
  refuseConnections: number;
  /** Wall-clock epoch ms until which connections are refused. */
  refuseUntil: number;
}

const FRAMES_KEPT = 1000;

export const noFaults = (): SocketFaults => ({ delayMs: 0, duplicate: false, refuseConnections: 0, refuseUntil: 0 });

export function faultsFrom(input: SocketFaultsInput, now: number): SocketFaults {
  return {
    delayMs: input.delayMs ?? 0,
    duplicate: input.duplicate ?? false,
    refuseConnections: input.refuseConnections ?? 0,
    refuseUntil: input.refuseForMs ? now + input.refuseForMs : 0,
  };
}

/** The sockets of one world, by user, with the frames they were sent and the faults they meet. */
export class PipelineRoom {
  readonly byUser = new Map<string, Set<PipelineClient>>();
  faults = noFaults();
  /** A ring: `next` is where the oldest frame is, once it is full. */
  private readonly frames: SentFrame[] = [];
  private next = 0;

  constructor(readonly worldId: string | null) {}

  add(client: PipelineClient) {
    let clients = this.byUser.get(client.userId);
    if (!clients) this.byUser.set(client.userId, (clients = new Set()));
    clients.add(client);
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

  record(frame: SentFrame) {
    if (this.frames.length < FRAMES_KEPT) this.frames.push(frame);
    else {
      this.frames[this.next] = frame;
      this.next = (this.next + 1) % FRAMES_KEPT;
    }
  }

  /** A world reset: its faults and the frames it sent are forgotten. */
  reset() {
    this.faults = noFaults();
    this.frames.length = 0;
    this.next = 0;
  }

  /** Oldest first. */
  recent(): SentFrame[] {
    return [...this.frames.slice(this.next), ...this.frames.slice(0, this.next)];
  }

  describe() {
    const { delayMs, duplicate, refuseConnections, refuseUntil } = this.faults;
    return {
      delayMs,
      duplicate,
      refuseConnections,
      refuseUntil: refuseUntil > Date.now() ? new Date(refuseUntil).toISOString() : null,
    };
  }
}
