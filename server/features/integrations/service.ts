import type { AppContext } from '../../context.js';
import { AppError, notFound } from '../../errors.js';
import { runBatch } from '../../http/batch.js';
import type { Principal } from '../../auth/principal.js';
import type { Team } from '../../../shared/contracts/teams.js';
import {
  integrationBatchItemSchema,
  type IntegrationTeam,
  type UpsertResult,
} from '../../../shared/contracts/integrations.js';
import type { TeamsService } from '../teams/index.js';

/** The source label a caller's external ids are stored under (API.md decision 17: admins use `admin`). */
export function sourceOf(principal: Principal | null): string {
  return principal?.kind === 'token' && principal.role === 'integrator' ? principal.label : 'admin';
}

export interface UpsertOutcome {
  source: string;
  externalId: string;
  teamId: string;
  result: UpsertResult;
  team: Team;
  warnings: string[];
}

const samePlayers = (team: Team, input: IntegrationTeam) =>
  team.players.length === input.players.length &&
  team.players.every(
    (p, i) => p.platformId === input.players[i]!.platformId && p.name === input.players[i]!.name,
  );

/** The teams API: websites push their teams by their own ids; the teams service does the saving. */
export function createIntegrationsService(ctx: AppContext, deps: { teams: TeamsService }) {
  const externalIds = ctx.repos.externalIds;
  const matches = ctx.repos.matches;

  /** One team, whole or not at all: unchanged, updated (players replaced) or created. */
  async function upsert(source: string, externalId: string, input: IntegrationTeam): Promise<UpsertOutcome> {
    return ctx.sql.tx(async (): Promise<UpsertOutcome> => {
      const teamId = await externalIds.teamId(source, externalId);
      const outcome = (result: UpsertResult, saved: { team: Team; warnings: string[] }) => ({
        source,
        externalId,
        teamId: saved.team.id,
        result,
        ...saved,
      });
      if (teamId === undefined) {
        const created = await deps.teams.create(input);
        await externalIds.insert(source, externalId, created.team.id);
        return outcome('created', created);
      }
      const current = await deps.teams.get(teamId);
      const playersChange = !samePlayers(current, input);
      if (!playersChange && current.name === input.name && current.tag === input.tag) {
        return outcome('unchanged', { team: current, warnings: [] });
      }
      const liveMatch = playersChange ? await matches.liveOfTeam(teamId) : undefined;
      if (liveMatch !== undefined) {
        throw new AppError(
          'TEAM_IN_LIVE_MATCH',
          409,
          `Team "${current.name}" is playing match "${liveMatch}" now; its players can change once the match ends.`,
        );
      }
      return outcome(
        'updated',
        await deps.teams.update(teamId, input, { actor: `integration:${source}`, editor: false }),
      );
    });
  }

  return {
    upsert,

    async get(source: string, externalId: string): Promise<Omit<UpsertOutcome, 'result' | 'warnings'>> {
      const teamId = await externalIds.teamId(source, externalId);
      if (teamId === undefined) {
        throw notFound(`Team "${externalId}" of source "${source}"`);
      }
      return { source, externalId, teamId, team: await deps.teams.get(teamId) };
    },

    /** Each item on its own (never half-applied); 207 when some failed. */
    async batch(source: string, items: readonly unknown[]) {
      const outcome = await runBatch(
        items,
        integrationBatchItemSchema,
        'externalId',
        async ({ externalId, ...team }, index) => ({
          index,
          ok: true as const,
          ...(await upsert(source, externalId, team)),
        }),
      );
      const results = [
        ...outcome.body.successful.map(({ index, ok, externalId, teamId, result }) => ({
          index,
          ok,
          externalId,
          teamId,
          result,
        })),
        ...outcome.body.failed.map(({ index, id, code, error }) => ({
          index,
          ok: false,
          ...(id !== undefined ? { externalId: id } : {}),
          code,
          error,
        })),
      ].sort((a, b) => a.index - b.index);
      const count = (result: UpsertResult) =>
        outcome.body.successful.filter((s) => s.result === result).length;
      return {
        status: outcome.status === 201 ? 200 : 207,
        body: {
          success: outcome.body.success,
          source,
          stats: {
            total: items.length,
            created: count('created'),
            updated: count('updated'),
            unchanged: count('unchanged'),
            failed: outcome.body.failed.length,
          },
          results,
        },
      };
    },
  };
}

export type IntegrationsService = ReturnType<typeof createIntegrationsService>;
