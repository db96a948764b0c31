import { RconError } from '../../integrations/rcon/connection.js';
import { SetupProblem } from './plugin-setup.js';

/** A person-readable sentence for an RCON or setup failure, stored as the server's setup error. */
export function rconProblem(err: unknown): string {
  if (err instanceof SetupProblem) {
    return err.message;
  }
  if (err instanceof RconError) {
    if (err.kind === 'auth') {
      return 'RCON password is wrong: change it on the server page (Matchday will not retry until then).';
    }
    if (err.kind === 'not_rcon') {
      return 'This port does not answer as a CS2 RCON port (check the port: it is the game port +0 unless set otherwise).';
    }
    return `RCON: ${err.message}`;
  }
  return `RCON: ${(err as Error).message}`;
}
