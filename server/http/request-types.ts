import type { Principal } from '../auth/principal.js';

declare global {
  // Express's own augmentation point for per-request fields.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** Set by the authenticate middleware on every /api request. */
      principal: Principal | null;
      /** True when a credential was presented but matched nothing. */
      badCredential: boolean;
      /** The game server whose own token (bootstrap or report) let the request in. */
      pluginServerId?: string;
    }
  }
}

export {};
