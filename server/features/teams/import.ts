import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { slugify, uniqueSlugOf } from '../../../shared/slug.js';
import { readTeamFile, type ImportRowError } from '../../../shared/domain/team-import-rows.js';
import { planTeamImport, type TeamPlan } from '../../../shared/domain/team-import-plan.js';
import type { TeamImportResponse } from '../../../shared/contracts/team-import.js';
import type { PlayersService } from '../players/index.js';
import type { TeamsService } from './service.js';

/**
 * `POST /api/teams/import` (API.md decision 79): a CSV file of teams, previewed by a dry run, otherwise
 * saved all or nothing in one transaction. The file is planned against the saved teams inside that
 * transaction, so the preview an admin saw is re-checked against what is saved when they import.
 */
export function createTeamImportService(
  ctx: AppContext,
  deps: { players: PlayersService; teams: Pick<TeamsService, 'assertRosterOpen' | 'recordChange'> },
) {
  const repo = ctx.repos.teams;
  const rosterPlayers = ctx.repos.rosterPlayers;

  async function plan(text: string) {
    const reading = readTeamFile(text);
    const { teams, errors } = planTeamImport(reading.teams, await repo.list());
    const allErrors = [...reading.errors, ...errors].sort((a, b) => a.row - b.row);
    const warnings = reading.ignoredColumns.map(
      (c) => `The column "${c}" is not a team import column; it was not read.`,
    );
    const roles = reading.teams.some((t) => t.players.some((p) => p.role !== null));
    if (roles) {
      warnings.push('The role column is read but not saved: Matchday keeps no player roles.');
    }
    const chatIds = reading.teams.flatMap((t) => t.players.flatMap((p) => (p.chatId ? [p] : [])));
    return { teams, errors: allErrors, warnings, chatIds };
  }

  async function apply(team: TeamPlan, now: number): Promise<string> {
    if (team.action === 'unchanged') {
      return team.teamId!;
    }
    const id = team.teamId ?? (await uniqueSlugOf(slugify(team.name), repo.exists));
    const before = team.action === 'create' ? [] : ((await repo.get(id))?.players ?? []);
    if (team.action === 'create') {
      await repo.insert({ id, name: team.name, tag: team.tag }, now);
    } else {
      await repo.update({ id, name: team.name, tag: team.tag }, now);
    }
    // A file has no coach column: a coach already on the roster stays the coach.
    const coach = new Set(before.filter((p) => p.role === 'coach').map((p) => p.platformId));
    const roster = team.players.map(({ platformId, name }) => ({
      platformId,
      name,
      role: coach.has(platformId) ? ('coach' as const) : ('player' as const),
    }));
    if (JSON.stringify(before) !== JSON.stringify(roster)) {
      if (team.action === 'update') {
        await deps.teams.assertRosterOpen(id);
      }
      await deps.teams.recordChange({
        teamId: id,
        at: now,
        actor: 'import',
        kind: 'roster',
        matchSlug: null,
        before,
        after: roster,
      });
    }
    await rosterPlayers.ensure(roster, now);
    await repo.replaceRoster(id, roster);
    return id;
  }

  return {
    async import(text: string, dryRun: boolean): Promise<TeamImportResponse> {
      const now = ctx.clock.now();
      const outcome = await ctx.sql.tx(async () => {
        const planned = await plan(text);
        if (dryRun || planned.errors.length > 0) {
          return planned;
        }
        const teams: TeamPlan[] = [];
        // One at a time: a created team's id is chosen against the ids saved before it.
        for (const team of planned.teams) {
          teams.push({ ...team, teamId: await apply(team, now) });
        }
        await deps.players.fillChatIds(planned.chatIds, now);
        return { ...planned, teams };
      });
      if (!dryRun && outcome.errors.length > 0) {
        throw refusal(outcome.errors);
      }
      if (!dryRun) {
        for (const team of outcome.teams.filter((t) => t.action !== 'unchanged')) {
          ctx.live.publish({ topic: 'team', teamId: team.teamId!, removed: false });
        }
      }
      const count = (action: TeamPlan['action']) => outcome.teams.filter((t) => t.action === action).length;
      return {
        success: true,
        dryRun,
        summary: { create: count('create'), update: count('update'), unchanged: count('unchanged') },
        teams: outcome.teams,
        errors: outcome.errors,
        warnings: outcome.warnings,
      };
    },
  };
}

/** The 400 of an import with row errors: every one in `details`, nothing saved. */
function refusal(errors: readonly ImportRowError[]): AppError {
  const first = errors[0]!;
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : '';
  return new AppError(
    'VALIDATION_FAILED',
    400,
    `Nothing was imported: row ${first.row}${first.column ? `, ${first.column}` : ''}: ${first.message}${more}. Fix the file and import it again.`,
    errors.map((e) => ({
      path: `rows.${e.row}${e.column ? `.${e.column}` : ''}`,
      message: `Row ${e.row}${e.column ? `, ${e.column}` : ''}: ${e.message}`,
    })),
  );
}

export type TeamImportService = ReturnType<typeof createTeamImportService>;
