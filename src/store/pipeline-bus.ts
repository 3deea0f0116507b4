/**
 * What the real event socket ("pipeline") would push after a change to the sandbox. Domain code emits
 * these once the change is visible to a read; the socket layer (or nobody) listens. Knows nothing of
 * websockets: a sandbox with no listener pays one empty loop per change.
 */
export interface PipelineEvent {
  /** The real pipeline's event type: `friend-online`, `notification`, `group-joined`, ... */
  type: string;
  /** Ids of the users whose sockets receive the frame. */
  to: readonly string[];
  /**
   * An object is sent JSON-encoded as the frame's `content`; a string is sent as it is (the bare
   * notification id of `see-notification`); undefined sends a frame with no content.
   */
  content?: unknown;
}

export type PipelineListener = (event: PipelineEvent) => void;

/**
 * What acts on sockets rather than feeding them: a session closed (logout), the sandbox reset or
 * removed (all its sessions end), or a scenario rule's socket faults, met by a request of `userId`.
 */
export type PipelineSignal =
  | { kind: 'session-ended'; token: string }
  | { kind: 'sandbox-reset' }
  | { kind: 'sandbox-removed' }
  | { kind: 'rule'; rule: PipelineRule; userId: string | undefined };

/** A scenario rule's `pipeline` field (its schema is in src/scenarios/pipeline-rule.ts). */
export interface PipelineRule {
  /** Cut the sockets of the user whose request met the rule, or every socket of the sandbox. */
  drop?: 'user' | 'all';
  delayMs?: number;
  duplicate?: boolean;
  refuseConnections?: number;
  refuseForMs?: number;
}

/** One per sandbox; carried over when the sandbox is reset or restored, so open sockets stay attached. */
export class PipelineBus {
  private readonly listeners = new Set<PipelineListener>();
  private readonly signalListeners = new Set<(signal: PipelineSignal) => void>();

  on(listener: PipelineListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: PipelineEvent): void {
    if (event.to.length === 0) return;
    for (const listener of this.listeners) listener(event);
  }

  /**
   * The socket faults a scenario rule set before anything listened (no socket opened yet in this
   * sandbox): the first listener hears them, so a rule met before the client connects still holds.
   */
  private unheardFaults: PipelineSignal | undefined;

  onSignal(listener: (signal: PipelineSignal) => void): () => void {
    this.signalListeners.add(listener);
    if (this.unheardFaults) listener(this.unheardFaults);
    this.unheardFaults = undefined;
    return () => this.signalListeners.delete(listener);
  }

  signal(signal: PipelineSignal): void {
    if (this.signalListeners.size === 0) {
      if (signal.kind === 'rule' && Object.keys(signal.rule).some((key) => key !== 'drop')) this.unheardFaults = signal;
      else if (signal.kind === 'sandbox-reset') this.unheardFaults = undefined;
      return;
    }
    for (const listener of this.signalListeners) listener(signal);
  }
}
