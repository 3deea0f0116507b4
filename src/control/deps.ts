import type { RequestJournal } from './journal.js';
import type { HarSecrets } from './har-types.js';
import type { ControlGuardOptions } from './guard.js';
import type { PipelineHub } from '../pipeline/hub.js';
import type { ReadyMadeScenario } from '../scenarios/scenario-files.js';
import type { ScenarioEngine } from '../scenarios/engine.js';
import type { Sandboxes } from '../store/sandboxes.js';

/** What the app is made of: handed to createApp by the server, the library and tests, and on to the control plane. */
export interface AppDeps {
  /** The default sandbox and any isolated ones; handlers get theirs per request. */
  sandboxes: Sandboxes;
  scenarios: ScenarioEngine;
  journal: RequestJournal;
  /** What the control plane and upload URLs accept (Host names, Origins, a token); loopback only by default. */
  control?: ControlGuardOptions;
  /** What `GET /_mock/requests.har` keeps of cookies and authorizations: redacted unless `keep` (`--har-secrets keep`). */
  harSecrets?: HarSecrets;
  /** The open event sockets of every sandbox (none until a server accepts them). */
  sockets: PipelineHub;
  /** The package's ready-made scenarios, read when the console first lists them. */
  readyMadeScenarios?: () => ReadyMadeScenario[];
  /**
   * False leaves the operations no area simulates to the unknown-route 404 instead of generated
   * answers: only the bench sets it, to measure what their routes cost the others.
   */
  generatedAnswers?: boolean;
  /** Reports unexpected exceptions; the client only ever sees a 500 envelope without a stack. */
  onUnexpectedError?: (error: unknown) => void;
}
