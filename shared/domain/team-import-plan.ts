/**
 * Step two of a team import (API.md decision 79): the teams read from the file compared with the teams
 * already saved. A file team matches a saved team by name without case, and is created, updated or left
 * unchanged; a player the file puts on a team while a saved team the file does not name holds them is a
 * row error. Pure: the saved teams come in, the plan goes out; nothing is written here.
 */
import type { FileTeam, ImportRowError } from './team-import-rows.js';

export interface PlanPlayer {
  platformId: string;
  name: string;
}

export interface SavedTeamForPlan {
  id: string;
  name: string;
  tag: string;
  players: PlanPlayer[];
}

export type TeamImportAction = 'create' | 'update' | 'unchanged';

export interface TeamChanges {
  /** The saved spelling when the file spells the name otherwise (case only: names match without case). */
  nameFrom: string | null;
  /** The saved tag when the file gives another one. */
  tagFrom: string | null;
  playersAdded: PlanPlayer[];
  playersRemoved: PlanPlayer[];
  playersRenamed: { platformId: string; from: string; to: string }[];
}

export interface TeamPlan {
  /** The saved team's id; null for a team the import creates. */
  teamId: string | null;
  name: string;
  tag: string;
  action: TeamImportAction;
  /** The roster as the file gives it, in the file's order, with each player's row. */
  players: (PlanPlayer & { row: number })[];
  changes: TeamChanges;
  /** The file's rows of this team. */
  rows: number[];
}

export interface TeamImportPlan {
  teams: TeamPlan[];
  /** The rows the saved teams make wrong (the file's own row errors are the reader's). */
  errors: ImportRowError[];
}

function changesOf(file: FileTeam, saved: SavedTeamForPlan | undefined): TeamChanges {
  const filePlayers = file.players.map(({ platformId, name }) => ({ platformId, name }));
  if (!saved) {
    return {
      nameFrom: null,
      tagFrom: null,
      playersAdded: filePlayers,
      playersRemoved: [],
      playersRenamed: [],
    };
  }
  const savedById = new Map(saved.players.map((p) => [p.platformId, p]));
  const fileIds = new Set(filePlayers.map((p) => p.platformId));
  return {
    nameFrom: saved.name === file.name ? null : saved.name,
    tagFrom: saved.tag === file.tag ? null : saved.tag,
    playersAdded: filePlayers.filter((p) => !savedById.has(p.platformId)),
    playersRemoved: saved.players.filter((p) => !fileIds.has(p.platformId)),
    playersRenamed: filePlayers.flatMap((p) => {
      const before = savedById.get(p.platformId);
      return before && before.name !== p.name
        ? [{ platformId: p.platformId, from: before.name, to: p.name }]
        : [];
    }),
  };
}

const changesNothing = (c: TeamChanges) =>
  c.nameFrom === null &&
  c.tagFrom === null &&
  c.playersAdded.length === 0 &&
  c.playersRemoved.length === 0 &&
  c.playersRenamed.length === 0;

/** Plans the import of the file's teams over the saved ones; saved teams the file does not name stay. */
export function planTeamImport(
  fileTeams: readonly FileTeam[],
  savedTeams: readonly SavedTeamForPlan[],
): TeamImportPlan {
  const savedByName = new Map<string, SavedTeamForPlan[]>();
  for (const team of savedTeams) {
    const key = team.name.toLowerCase();
    savedByName.set(key, [...(savedByName.get(key) ?? []), team]);
  }
  const errors: ImportRowError[] = [];
  const matched = new Map<FileTeam, SavedTeamForPlan | undefined>();
  for (const file of fileTeams) {
    const candidates = savedByName.get(file.name.toLowerCase()) ?? [];
    if (candidates.length > 1) {
      errors.push({
        row: file.rows[0]!,
        column: 'team',
        message: `${candidates.length} saved teams are named ${file.name} (${candidates.map((t) => t.id).join(', ')}); rename all but one first`,
      });
    }
    matched.set(file, candidates.length === 1 ? candidates[0] : undefined);
  }

  // A player may move between teams the file names; a saved team the file leaves alone keeps its players.
  const touchedIds = new Set([...matched.values()].flatMap((t) => (t ? [t.id] : [])));
  const untouchedTeamOf = new Map<string, SavedTeamForPlan>();
  for (const team of savedTeams) {
    if (!touchedIds.has(team.id)) {
      team.players.forEach((p) => untouchedTeamOf.set(p.platformId, team));
    }
  }
  for (const file of fileTeams) {
    for (const player of file.players) {
      const other = untouchedTeamOf.get(player.platformId);
      if (other) {
        errors.push({
          row: player.row,
          column: 'platformId',
          message: `player ${player.platformId} is already on team ${other.name}, which this file does not change; a player plays for one team`,
        });
      }
    }
  }

  const teams = fileTeams.map((file): TeamPlan => {
    const saved = matched.get(file);
    const changes = changesOf(file, saved);
    return {
      teamId: saved?.id ?? null,
      name: file.name,
      tag: file.tag,
      action: !saved ? 'create' : changesNothing(changes) ? 'unchanged' : 'update',
      players: file.players.map(({ platformId, name, row }) => ({ platformId, name, row })),
      changes,
      rows: file.rows,
    };
  });
  return { teams, errors };
}
