import { existsSync, readFileSync } from 'node:fs';
import type { generateBody } from '../../operations/generate.js';
import { loadEngine } from '../../operations/load-engine.js';
import { generationContract } from '../../operations/contract.js';
import type { Sandbox } from '../../store/sandbox.js';
import { ApiError, messages } from '../../errors.js';

/** The public client key every client of the real API sends; not a secret, and the same for everyone. */
export const CLIENT_API_KEY = 'JlE5Jldo5Jibnk5O5hTx6XVqsJu4WJ26';

/**
 * GET /config: the description's APIConfig generated from the world's seed (`generated`, see
 * generatedConfig), with the fields clients act on set to the real service's values: the client key,
 * the event socket's reconnect timing (seconds), no announcements, and worlds of this world for home,
 * hub and tutorial.
 */
export function apiConfig(sandbox: Sandbox, generated: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const firstWorld = sandbox.worlds.keys().next().value ?? (generated.homeWorldId as string);
  return {
    ...generated,
    clientApiKey: CLIENT_API_KEY,
    websocketMaxFriendsRefreshDelay: 900,
    websocketQuickReconnectTime: 2,
    websocketReconnectMaxDelay: 2,
    announcements: [],
    homeWorldId: firstWorld,
    hubWorldId: firstWorld,
    tutorialWorldId: firstWorld,
    disableRegistration: sandbox.settings.signups === 'closed',
  };
}

/** GET /time: the world's clock as a bare JSON string. */
export const systemTime = (sandbox: Sandbox) => new Date(sandbox.clock.now()).toISOString();

/** GET /visits: how many users of the world are online, a bare number. */
export function onlineUsers(sandbox: Sandbox): number {
  let online = 0;
  for (const user of sandbox.users.values()) if (user.state === 'online') online++;
  return online;
}

/**
 * GET /health: the live service restricted it, and it answers 401 to everyone, with a session or without
 * (conformance: get-health, get-health-unauthenticated). A readiness check waits on the control plane's
 * `GET /_mock/health` instead.
 */
export function health(): never {
  throw new ApiError(401, messages.missingCredentials);
}

/** The config's generated part for a seed: the engine's answer, the same for every world of that seed. */
export function makeGeneratedConfig(seed: number, generate: typeof generateBody): Record<string, unknown> {
  const schema = generationContract().operations.getConfig!.responses['200']!.schema!;
  return generate(schema, `${seed}|getConfig`, {}, undefined) as Record<string, unknown>;
}

// The build generates the default world's (dist/generated-configs.json, by seed), so that a first GET
// /config need not load the engine; other seeds' are generated on first use and kept.
const builtConfigsFile = new URL('./generated-configs.json', import.meta.url);
let builtConfigs: Readonly<Record<string, Readonly<Record<string, unknown>>>> | undefined;
const keptConfigs = new Map<number, Readonly<Record<string, unknown>>>();
const KEPT_CONFIGS = 16;

/** The generated part of the config of the world's seed. */
export async function generatedConfig(sandbox: Sandbox): Promise<Readonly<Record<string, unknown>>> {
  const seed = sandbox.instanceDiscovery.seed;
  builtConfigs ??= existsSync(builtConfigsFile) ? JSON.parse(readFileSync(builtConfigsFile, 'utf8')) : {};
  let generated = builtConfigs![seed] ?? keptConfigs.get(seed);
  if (!generated) {
    generated = makeGeneratedConfig(seed, (await loadEngine()).generateBody);
    if (keptConfigs.size >= KEPT_CONFIGS) keptConfigs.clear();
    keptConfigs.set(seed, generated);
  }
  return generated;
}
