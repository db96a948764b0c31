import { notFound } from '../../errors.js';
import type { HudHandOff } from '../../../shared/contracts/hud.js';
import type { Team } from '../../../shared/contracts/teams.js';
import { lhmHandOff } from '../../../shared/domain/hud-lhm.js';
import type { MatchesService } from '../matches/index.js';
import type { ServersService } from '../servers/index.js';
import type { TeamsService } from '../teams/index.js';
import type { VetoService } from '../veto/index.js';

export interface HudDeps {
  matches: Pick<MatchesService, 'get'>;
  teams: Pick<TeamsService, 'rosterList'>;
  veto: Pick<VetoService, 'board'>;
  servers: Pick<ServersService, 'get'>;
}

/** API.md decision 81: a match, or the match a server holds, handed to a caster's HUD manager. */
export function createHudService(deps: HudDeps) {
  async function ofMatch(slug: string): Promise<HudHandOff> {
    const match = await deps.matches.get(slug);
    const rosters = new Map((await deps.teams.rosterList()).map((t) => [t.id, t]));
    const roster = (id: string | undefined): Team | null =>
      id === undefined ? null : (rosters.get(id) ?? null);
    const veto = match.veto === null ? null : await deps.veto.board(slug);
    return lhmHandOff(match, { team1: roster(match.team1?.id), team2: roster(match.team2?.id) }, veto);
  }

  return {
    ofMatch,
    /** The match loaded or live on the server; 404 while it holds none. */
    async ofServer(serverId: string): Promise<HudHandOff> {
      const { name, availability } = await deps.servers.get(serverId);
      if (availability.activeMatch === null) {
        throw notFound(`A match on server "${name}"`);
      }
      return ofMatch(availability.activeMatch);
    },
  };
}

export type HudService = ReturnType<typeof createHudService>;
