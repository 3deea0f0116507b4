// The package's library entry (`import { startServer } from 'social-platform-mock-api'`): a server in process, the
// control-plane client and helpers for the `vrchat` SDK. Its option types are written out here so
// that the published declarations need none of the packages the bundle contains.
import { readScenarioFile } from '../scenarios/scenario-files.js';
import { readyMadeScenarios, scenarioFile } from './package-files.js';
import { parseScenario } from '../scenarios/check.js';
import { startServer as startHttpServer } from './server.js';
import { controlClientVia, type ControlClient, type ScenarioFile } from '../control/client.js';

export {
  controlClient,
  ControlError,
  ServerUnreachable,
  WORLD_HEADER_NAME,
  type ActiveRule,
  type CollectionName,
  type ControlClient,
  type CurrentUser,
  type FixtureRecord,
  type Fixtures,
  type NewWorldOptions,
  type LoginOptions,
  type OutboxEmail,
  type PipelineFrame,
  type PipelineState,
  type Presence,
  type PresenceChange,
  type RecordedRequest,
  type RequestFilters,
  type RequestsReader,
  type Har,
  type HarEntry,
  type HarWebSocketMessage,
  type ScenarioFile,
  type ScenarioRule,
  type SentFrame,
  type ServerUrls,
  type Session,
  type SettingsChange,
  type SocketFaults,
  type SocketFaultsChange,
  type WorldHandle,
  type WorldSettings,
} from '../control/client.js';
export {
  arrange,
  type ArrangedGroup,
  type GroupFixture,
  type GroupMemberFixture,
  type GroupRoleSpec,
  type InstanceFixture,
  type UserFixture,
  type WorldFixture,
} from '../control/arrange.js';
export { installPromiseWithResolvers, vrchatOptions, type VRChatTargetOptions } from './sdk-helpers.js';

export interface StartOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** A directory of fixture JSON files to use instead of the embedded default world. */
  fixturesDir?: string;
  /** A JSON file the default world is loaded from (when it exists) and saved to after writes and on close. */
  db?: string;
  /** Adds seeded generated data; the same seed gives the same world. */
  seed?: number;
  /** With `seed`: records per kind, e.g. `{ users: 1000 }`. */
  generate?: Record<string, number>;
  /** World settings, e.g. `{ signups: 'closed', sessionLimit: 3 }`. */
  settings?: Record<string, unknown>;
  /** `live` answers as the live service does where it and the seed's description differ; default `seed`. */
  profile?: 'seed' | 'live';
  /** Scenarios active from the start in every world: ready-made names, file paths, or scenario objects. */
  scenarios?: (string | ScenarioFile)[];
  /** `keep`: the journal's HAR (`requests.har()`) keeps cookies and authorizations; redacted by default. */
  harSecrets?: 'redact' | 'keep';
  /** Receives one line per request and any unexpected error. */
  log?: (line: string) => void;
}

/** A running server, and the control-plane client of its default world. */
export interface MockServer extends ControlClient {
  readonly port: number;
  /** Stops it; requests in flight get `graceMs` (default 0) to finish. */
  close(options?: { graceMs?: number }): Promise<void>;
}

/** Starts a server in this process, on a free port of 127.0.0.1 unless told otherwise. */
export async function startServer(options: StartOptions = {}): Promise<MockServer> {
  const scenarios = (options.scenarios ?? []).map((scenario) => {
    if (typeof scenario !== 'string') return parseScenario(scenario, 'scenario');
    const file = scenarioFile(scenario);
    if (!file) throw new Error(`no scenario file ${scenario}, nor a ready-made scenario of that name (${readyMadeScenarios().join(', ')})`);
    return readScenarioFile(file);
  });
  const server = await startHttpServer({
    port: options.port ?? 0,
    host: options.host ?? '127.0.0.1',
    fixturesDir: options.fixturesDir,
    db: options.db,
    seed: options.seed,
    generate: options.generate,
    settings: options.profile ? { ...options.settings, profile: options.profile } : options.settings,
    scenarios,
    harSecrets: options.harSecrets,
    log: options.log,
  });
  // The control plane's calls need no socket in this process: they go straight to the server's handler.
  const client = controlClientVia({ url: server.url, apiUrl: server.url, pipelineUrl: server.pipelineUrl }, (url, init) =>
    server.handle(new Request(url, init)),
  );
  return { ...client, port: server.port, close: (closing) => server.close(closing) };
}
