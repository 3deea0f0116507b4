import type { generateBody } from '../../operations/generate.js';
import { generationContract } from '../../operations/contract.js';
import type { Sandbox } from '../../store/sandbox.js';

/** The public client key every client of the real API sends; not a secret, and the same for everyone. */
export const CLIENT_API_KEY = 'JlE5Jldo5Jibnk5O5hTx6XVqsJu4WJ26';

/**
 * GET /config: the description's APIConfig generated from the world's seed, with the fields clients act on
 * set to the real service's values: the client key, the event socket's reconnect timing (seconds),
 * no announcements, and worlds of this world for home, hub and tutorial.
 */
export function apiConfig(sandbox: Sandbox, generate: typeof generateBody): Record<string, unknown> {
  const generated = generatedConfig(sandbox.instanceDiscovery.seed, generate);
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

export const health = { ok: true, serverName: 'mock-api', buildVersionTag: 'mock-api' };

/** The generated part of the config by seed, kept: every new world of one seed answers the same one. */
const generatedConfigs = new Map<number, Readonly<Record<string, unknown>>>();
const KEPT_CONFIGS = 16;

function generatedConfig(seed: number, generate: typeof generateBody): Readonly<Record<string, unknown>> {
  let generated = generatedConfigs.get(seed);
  if (!generated) {
    const schema = generationContract().operations.getConfig!.responses['200']!.schema!;
    generated = generate(schema, `${seed}|getConfig`, {}, undefined) as Record<string, unknown>;
    if (generatedConfigs.size >= KEPT_CONFIGS) generatedConfigs.clear();
    generatedConfigs.set(seed, generated);
  }
  return generated;
}
