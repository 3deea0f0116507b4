import type { generateBody } from '../../operations/generate.js';
import { generationContract } from '../../operations/contract.js';
import type { World } from '../../store/world.js';

/** The public client key every client of the real API sends; not a secret, and the same for everyone. */
export const CLIENT_API_KEY = 'JlE5Jldo5Jibnk5O5hTx6XVqsJu4WJ26';

/**
 * GET /config: the description's APIConfig generated once per world, with the fields clients act on
 * set to the real service's values: the client key, the event socket's reconnect timing (seconds),
 * no announcements, and worlds of this world for home, hub and tutorial.
 */
export function apiConfig(world: World, generate: typeof generateBody): Record<string, unknown> {
  const schema = generationContract().operations.getConfig!.responses['200']!.schema!;
  const generated = generate(schema, `${world.instanceDiscovery.seed}|getConfig`, {}, undefined) as Record<string, unknown>;
  const firstWorld = world.worlds.keys().next().value ?? (generated.homeWorldId as string);
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
    disableRegistration: world.settings.signups === 'closed',
  };
}

/** GET /time: the world's clock as a bare JSON string. */
export const systemTime = (world: World) => new Date(world.clock.now()).toISOString();

/** GET /visits: how many users of the world are online, a bare number. */
export function onlineUsers(world: World): number {
  let online = 0;
  for (const user of world.users.values()) if (user.state === 'online') online++;
  return online;
}

export const health = { ok: true, serverName: 'mock-api', buildVersionTag: 'mock-api' };
