import type { Session } from '../store/sessions.js';
import type { UserRecord } from '../store/records/user.js';
import type { Sandbox } from '../store/sandbox.js';

/**
 * What middleware puts on every request's context; spelled out once for every sub-app. Handlers read
 * them with `c.get('sandbox')`: Hono's `c.var` builds a new object of every variable on each read.
 */
export type AppEnv = {
  Variables: {
    sandbox: Sandbox;
    /** Set by the auth middleware on every operation that needs a logged-in user. */
    session: Session;
    user: UserRecord;
  };
};
