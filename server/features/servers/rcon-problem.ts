import { RconError } from '../../integrations/rcon/connection.js';
import { SetupProblem } from './plugin-setup.js';

/** A person-readable sentence for an RCON or setup failure, stored as the server's setup error. */
export function rconProblem(err: unknown): string {
  if (err instanceof SetupProblem) {
    return err.message;
  }
  if (err instanceof RconError) {
    return err.kind === 'auth'
      ? 'RCON password is wrong: change it on the server page (Matchday will not retry until then).'
      : `RCON: ${err.message}`;
  }
  return `RCON: ${(err as Error).message}`;
}
