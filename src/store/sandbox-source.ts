import type { ManualClock } from './clock.js';
import { deepCopy } from './copy.js';
import type { PipelineBus } from './pipeline-bus.js';
import { emptySandboxData, type SandboxData } from './fixtures/fixtures.js';
import { withState, type SandboxState } from './persistence/snapshot.js';
import { createSandbox, type Sandbox } from './sandbox.js';

/** The data a sandbox is built from and reset to: every sandbox, reset or isolated, starts from a fresh copy of it. */
export class SandboxSource {
  private constructor(
    private readonly copy: () => SandboxData,
    private readonly extend?: (data: SandboxData) => void,
    private readonly state?: SandboxState,
  ) {}

  /**
   * `extend` adds to every fresh copy (seeded bulk data, say), so a large generated sandbox is rebuilt
   * rather than kept twice. `state` is what the records cannot say, as an exported fixture
   * directory's state.json holds it.
   */
  static fromJson(json: string, extend?: (data: SandboxData) => void, state?: SandboxState) {
    return SandboxSource.inMemory(JSON.parse(json) as SandboxData, extend, state);
  }

  /** Records as they are, generated ones (with their typed arrays) included. */
  static inMemory(initial: SandboxData, extend?: (data: SandboxData) => void, state?: SandboxState) {
    return new SandboxSource(() => deepCopy(initial), extend, state);
  }

  /** A fresh copy that a sandbox may own and change. */
  fresh(): SandboxData {
    const data = this.copy();
    this.extend?.(data);
    return data;
  }

  /** No records at all, with the source's settings: what `base: 'empty'` arranges a sandbox over. */
  empty(): SandboxData {
    return { ...emptySandboxData(), settings: this.fresh().settings };
  }

  /**
   * A new sandbox as the source holds it, or from `data` (a fresh copy the caller changed); `withState`
   * false leaves out what the source's records cannot say (a sandbox arranged from no records).
   */
  build(clock: ManualClock, pipeline?: PipelineBus, data: SandboxData = this.fresh(), withSourceState = true): Sandbox {
    const sandbox = createSandbox(data, clock, pipeline);
    return this.state && withSourceState ? withState(sandbox, deepCopy(this.state)) : sandbox;
  }
}
