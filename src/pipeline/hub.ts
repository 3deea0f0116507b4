import type { WebSocket } from 'ws';
import type { PipelineBus, PipelineRule, PipelineSignal } from '../store/pipeline-bus.js';
import type { Sandbox } from '../store/sandbox.js';
import { encodeFrame, frameContent, INACTIVE_SESSION_FRAME } from './frames.js';
import { faultsFrom, PipelineRoom, type PipelineClient } from './room.js';
import { LIMITS } from '../limits.js';
import { closeQueue, noteQueued, openQueue } from '../http/push-queues.js';

/** As often as clients expect a sign of life: one of them drops a socket after 60 s without a ping. */
const PING_MS = 30_000;
/** WebSocket close codes: a normal close (logout, sandbox reset) and a policy one (no live session). */
const CLOSE_NORMAL = 1000;
const CLOSE_POLICY = 1008;

/**
 * Every open event socket, by sandbox. Rooms are keyed by the sandbox's pipeline bus, which outlives a
 * reset or restore of the sandbox, so one subscription per sandbox serves for the life of the process.
 * Knows nothing of HTTP: the upgrade hands it an open socket, the control plane calls it directly.
 */
export class PipelineHub {
  private readonly rooms = new WeakMap<PipelineBus, PipelineRoom>();
  private readonly clients = new Set<PipelineClient>();
  private pinger: NodeJS.Timeout | undefined;

  /** The sandbox's room, made (and subscribed to the sandbox's events) on first use. */
  room(sandbox: Sandbox, sandboxId: string | null): PipelineRoom {
    const known = this.rooms.get(sandbox.pipeline);
    if (known) return known;
    const room = new PipelineRoom(sandboxId);
    this.rooms.set(sandbox.pipeline, room);
    sandbox.pipeline.on((event) => {
      // Delivery runs inside the request that made the change: a frame that cannot be sent must not fail it.
      try {
        this.deliver(room, event.type, event.to, event.content);
      } catch {
        // An unencodable content (a cycle, a BigInt) sends nothing; the change stands.
      }
    });
    sandbox.pipeline.onSignal((signal) => this.onSignal(room, signal));
    return room;
  }

  /**
   * Takes a freshly upgraded socket: keeps it when `token` names a live, verified session of the
   * sandbox, else sends the real pipeline's error frame and closes it.
   */
  admit(sandbox: Sandbox, sandboxId: string | null, socket: WebSocket, token: string | undefined): void {
    const session = token ? sandbox.sessions.get(token) : undefined;
    if (!session || session.pendingTwoFactor || !token) return refuseInactive(socket);
    const room = this.room(sandbox, sandboxId);
    // A reset closes the socket and a restore keeps the sandbox's sessions: this one store answers for its life.
    const { sessions } = sandbox;
    const live = () => sessions.get(token) !== undefined;
    const queue = { unread: () => socket.bufferedAmount, drop: () => socket.terminate() };
    const client: PipelineClient = { socket, userId: session.userId, token, since: new Date().toISOString(), live, queue };
    for (const replaced of room.add(client)) replaced.socket.close(CLOSE_NORMAL);
    this.clients.add(client);
    openQueue(queue);
    // Receive-only: what a client sends is read and dropped (no 'message' listener).
    socket.once('close', () => {
      closeQueue(queue);
      room.remove(client);
      this.clients.delete(client);
      if (this.clients.size === 0) this.stopPinging();
    });
    socket.on('error', () => socket.terminate());
    this.startPinging();
  }

  /** Sends one frame to the sockets of `to` (or all the sandbox's); answers how many it reached. */
  deliver(room: PipelineRoom, type: string, to: readonly string[] | 'all', content: unknown): number {
    const targets = liveOnly(room.clientsOf(to));
    if (targets.length === 0) return 0;
    const sent = frameContent(content);
    const text = encodeFrame(type, sent);
    const users = [...new Set(targets.map((client) => client.userId))];
    room.record({ at: new Date().toISOString(), type, ...(sent === undefined ? {} : { content: sent }), users, sockets: targets.length });
    const { delayMs, duplicate } = room.faults;
    const send = () => {
      // Encoded once for every socket: each socket queues the same bytes, not a copy of its own.
      const data = Buffer.from(text);
      for (const { socket, queue } of targets) {
        if (socket.readyState !== socket.OPEN) continue;
        if (socket.bufferedAmount > LIMITS.socketUnreadBytes.value) {
          socket.terminate();
          continue;
        }
        socket.send(data, { binary: false });
        if (duplicate) socket.send(data, { binary: false });
        noteQueued(queue);
      }
    };
    if (delayMs > 0) setTimeout(send, delayMs);
    else send();
    return targets.length;
  }

  /** Cuts a user's sockets (or all the sandbox's) without a close frame, as a network failure would. */
  drop(room: PipelineRoom, userId?: string): number {
    const targets = room.clientsOf(userId === undefined ? 'all' : [userId]);
    for (const { socket } of targets) socket.terminate();
    return targets.length;
  }

  /** Closes every socket of every sandbox: the server is stopping. */
  closeAll(): void {
    for (const { socket } of this.clients) socket.terminate();
    this.stopPinging();
  }

  private onSignal(room: PipelineRoom, signal: PipelineSignal) {
    if (signal.kind === 'rule') return this.applyRule(room, signal.rule, signal.userId);
    if (signal.kind === 'sandbox-reset') room.reset();
    for (const client of room.all()) {
      if (signal.kind !== 'session-ended' || client.token === signal.token) client.socket.close(CLOSE_NORMAL);
    }
  }

  private applyRule(room: PipelineRoom, rule: PipelineRule, userId: string | undefined) {
    const { drop, ...faults } = rule;
    if (Object.keys(faults).length > 0) room.faults = faultsFrom(faults, Date.now());
    if (drop === 'all') this.drop(room);
    else if (drop === 'user' && userId !== undefined) this.drop(room, userId);
  }

  private startPinging() {
    if (this.pinger) return;
    this.pinger = setInterval(() => {
      for (const { socket } of liveOnly([...this.clients])) if (socket.readyState === socket.OPEN) socket.ping();
    }, PING_MS);
    // An idle server with open sockets may still exit when everything else is done.
    this.pinger.unref();
  }

  private stopPinging() {
    clearInterval(this.pinger);
    this.pinger = undefined;
  }
}

/** The real pipeline's answer to a token that names no live session: the error frame, then a close. */
function refuseInactive(socket: WebSocket): void {
  socket.send(INACTIVE_SESSION_FRAME);
  socket.close(CLOSE_POLICY);
}

/**
 * Sessions expire by the sandbox's clock, which no timer follows: a socket whose session has expired
 * is found when a frame or a ping is next due for it, and is then refused as an unknown session is.
 */
function liveOnly(clients: PipelineClient[]): PipelineClient[] {
  const live: PipelineClient[] = [];
  for (const client of clients) {
    if (client.live()) live.push(client);
    else if (client.socket.readyState === client.socket.OPEN) refuseInactive(client.socket);
  }
  return live;
}
