import type { AppContext } from '../../context.js';
import { DEFAULT_SCHEDULE } from '../../../shared/contracts/timetable.js';
import type { Repos } from '../../db/repos.js';
import { AppError } from '../../errors.js';
import type { ErrorDetail } from '../../../shared/contracts/errors.js';
import {
  DEFAULT_CHECK_IN,
  type CreateTournament,
  type StagesInput,
  type Tournament,
  type TournamentSettings,
  type TournamentSettingsInput,
  type UpdateTournament,
} from '../../../shared/contracts/tournament.js';
import {
  refusedEdits,
  sharedPlayerWarnings,
  type TournamentField,
} from '../../../shared/domain/tournament-rules.js';
import type { TournamentDeps } from './service.js';
import type { TournamentRecord } from './repo.js';
import type { TournamentRun } from './run.js';
import type { TournamentViews } from './views.js';
import { formatSourceOf } from './format-source.js';
import { assertStageSetup } from './stage-checks.js';
import { assertSchedule } from './timetable.js';
import { assertPoolsOfMode, withModeTeamSize } from './mode-checks.js';

/** A tournament's setup: created, edited (what its status allows), its shuffle pool, deleted. */
/** Settings an organiser may change while the tournament runs. */
const RUNTIME_SETTINGS: ReadonlySet<string> = new Set(['schedule', 'joinMinutes', 'noShowAction']);

export function createTournamentSetup(
  ctx: Pick<AppContext, 'sql' | 'clock'>,
  deps: Pick<TournamentDeps, 'settings' | 'maps' | 'teams' | 'assertPlayersExist' | 'matchWriter'>,
  repos: Pick<Repos, 'tournaments' | 'matches'>,
  run: Pick<TournamentRun, 'assertSetup' | 'clearRun'>,
  views: Pick<TournamentViews, 'current' | 'present' | 'announce' | 'announceDeleted'>,
) {
  const { tournaments: repo, matches } = repos;
  const { current, present, announce } = views;

  async function assertTeams(teamIds: readonly string[]): Promise<void> {
    const teams = await matches.teamRefs();
    const details: ErrorDetail[] = [];
    const seen = new Set<string>();
    teamIds.forEach((id, i) => {
      if (!teams.has(id)) {
        details.push({ path: `teamIds.${i}`, message: `unknown team "${id}"` });
      } else if (seen.has(id)) {
        details.push({ path: `teamIds.${i}`, message: `team "${id}" is listed twice` });
      }
      seen.add(id);
    });
    if (details.length > 0) {
      throw new AppError('VALIDATION_FAILED', 400, 'Some team ids are unknown or listed twice.', details);
    }
  }

  /** Settings with every default filled in; a type switch to double elimination applies `simple`. */
  async function settingsFor(
    input: TournamentSettingsInput,
    base: TournamentSettings | undefined,
    typeChangedTo: string | undefined,
  ): Promise<TournamentSettings> {
    const appDefaults = deps.settings.read();
    const merged: TournamentSettings = {
      grandFinalMode: 'simple',
      maxRounds: appDefaults.defaultMaxRounds,
      overtimeMode: appDefaults.defaultOvertimeMode,
      mapPool: await deps.maps.defaultPoolMapIds(),
      seeding: 'manual',
      randomSeed: null,
      thirdPlaceMatch: false,
      veto: true,
      vetoStarter: 'team1',
      ...base,
      ...input,
      checkIn: { ...DEFAULT_CHECK_IN, ...base?.checkIn, ...input.checkIn },
      schedule: { ...DEFAULT_SCHEDULE, ...base?.schedule, ...input.schedule },
    };
    if (typeChangedTo === 'double_elimination' && input.grandFinalMode === undefined) {
      merged.grandFinalMode = 'simple';
    }
    if (input.mapPool) {
      await deps.maps.assertMapsExist(input.mapPool, 'settings.mapPool');
    }
    return merged;
  }

  /**
   * A format change after the start reaches the matches not started yet whose format is the
   * tournament's default (no stage or round override; API.md decision 32).
   */
  async function followFormat(t: TournamentRecord): Promise<void> {
    const list = await matches.listOfTournament(t.id);
    for (const m of list) {
      if ((m.status === 'pending' || m.status === 'ready') && m.format !== t.format) {
        const stageMatches = list.filter((other) => other.stage === m.stage);
        if (formatSourceOf(t, m, stageMatches) === 'tournament') {
          await deps.matchWriter.transition(m, [], { format: t.format });
        }
      }
    }
  }

  /**
   * The fields an edit touches; settings that change only the timetable or the join clock (which
   * applies to the next loads) count as `schedule`.
   */
  const editedFields = (input: UpdateTournament): TournamentField[] =>
    (Object.keys(input) as TournamentField[]).map((field) =>
      field === 'settings' && Object.keys(input.settings ?? {}).every((key) => RUNTIME_SETTINGS.has(key))
        ? 'schedule'
        : field,
    );

  const playerWarnings = async (teamIds: readonly string[]) =>
    sharedPlayerWarnings(await deps.teams.rosters(teamIds));

  return {
    /**
     * Creates a tournament. The singular path creates the one tournament (409 when one exists);
     * `alongside` (`POST /api/tournaments`) adds another beside those there are (API.md decision 73).
     */
    async create(
      input: CreateTournament,
      alongside = false,
    ): Promise<{ tournament: Tournament; warnings: string[] }> {
      const id = await ctx.sql.tx(async () => {
        if (!alongside && (await repo.primary())) {
          throw new AppError(
            'TOURNAMENT_EXISTS',
            409,
            'A tournament already exists; delete it (or reset and edit it) before creating another.',
          );
        }
        await assertTeams(input.teamIds);
        const gameMode = input.gameMode ?? 'competitive';
        const settings = withModeTeamSize(
          await settingsFor(input.settings, undefined, input.type),
          gameMode,
          input.settings.teamSize,
        );
        const stages = (input.stages as StagesInput | undefined) ?? null;
        const draft = {
          type: input.type,
          format: input.format,
          teamIds: input.teamIds,
          settings,
          stages,
          gameMode,
        };
        await assertStageSetup(draft, deps.maps);
        await assertPoolsOfMode(draft, deps.maps);
        assertSchedule(settings.schedule, { type: input.type, stages }, true, ctx.clock.now());
        return repo.insert(
          { ...input, gameMode, serverTags: input.serverTags ?? [], settings, stages },
          ctx.clock.now(),
        );
      });
      const t = (await repo.get(id))!;
      await announce(t);
      return { tournament: await present(t), warnings: await playerWarnings(t.teamIds) };
    },

    async update(input: UpdateTournament): Promise<{ tournament: Tournament; warnings: string[] }> {
      const t = await ctx.sql.tx(async () => {
        const existing = await current();
        const refused = refusedEdits(existing.status, editedFields(input));
        if (refused.length > 0) {
          throw new AppError(
            'INVALID_STATE',
            422,
            `Cannot change ${refused.join(', ')} while the tournament is ${existing.status.replace('_', ' ')}; reset it first.`,
          );
        }
        if (input.teamIds) {
          await assertTeams(input.teamIds);
        }
        const typeChanged = input.type !== undefined && input.type !== existing.type ? input.type : undefined;
        const type = input.type ?? existing.type;
        const gameMode = input.gameMode ?? existing.gameMode;
        const next: TournamentRecord = {
          ...existing,
          name: input.name ?? existing.name,
          format: input.format ?? existing.format,
          type,
          gameMode,
          serverTags: input.serverTags ?? existing.serverTags,
          teamIds: input.teamIds ?? existing.teamIds,
          settings: withModeTeamSize(
            await settingsFor(input.settings ?? {}, existing.settings, typeChanged),
            gameMode,
            input.settings?.teamSize ??
              (input.gameMode === undefined ? existing.settings.teamSize : undefined),
          ),
          // Stages left from another type go with it; stages given for a wrong type are refused below.
          stages:
            (input.stages as StagesInput | undefined) ??
            (type === 'groups_playoffs' ? existing.stages : null),
        };
        if (existing.status === 'setup') {
          await assertStageSetup(next, deps.maps);
          await assertPoolsOfMode(next, deps.maps);
        }
        const autoStartChanged =
          next.settings.schedule.autoStartAt !== existing.settings.schedule.autoStartAt;
        assertSchedule(next.settings.schedule, next, autoStartChanged, ctx.clock.now());
        if (autoStartChanged && existing.autoStartProblem !== null) {
          // A new time is a new try: the refusal of the last one is done with.
          await repo.setAutoStartProblem(existing.id, null);
          next.autoStartProblem = null;
        }
        await repo.save(next);
        if (input.format && input.format !== existing.format && existing.status !== 'setup') {
          await followFormat(next);
        }
        return next;
      });
      await announce(t, 'matches');
      return { tournament: await present(t), warnings: await playerWarnings(t.teamIds) };
    },

    /** Deletes the tournament, its matches and their live stats; the slugs are free again. */
    async delete(): Promise<void> {
      const t = await current();
      await ctx.sql.tx(async () => {
        await run.clearRun(t, { type: 'match.cancelled', reason: 'tournament_deleted' });
        await repo.delete(t.id);
      });
      views.announceDeleted(t.id);
    },

    /** Registers the player pool of a shuffle tournament (replacing the previous one), before the start. */
    setShufflePlayers(platformIds: readonly string[]): Promise<string[]> {
      return ctx.sql.tx(async () => {
        const t = await current();
        if (t.type !== 'shuffle') {
          throw new AppError('INVALID_STATE', 422, 'Only a shuffle tournament has a player pool.');
        }
        run.assertSetup(t, 'change the player pool');
        await deps.assertPlayersExist(platformIds);
        await repo.replaceShufflePool(t.id, [...new Set(platformIds)]);
        return repo.shufflePool(t.id);
      });
    },
  };
}
