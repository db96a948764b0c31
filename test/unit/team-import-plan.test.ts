import { describe, expect, it } from 'vitest';
import { planTeamImport, type SavedTeamForPlan } from '../../shared/domain/team-import-plan.js';
import { readTeamFile } from '../../shared/domain/team-import-rows.js';

const HEADER = 'team,tag,player,platformId';
const teamsOf = (...rows: string[]) => readTeamFile([HEADER, ...rows].join('\n')).teams;

const owls: SavedTeamForPlan = {
  id: 'owls',
  name: 'Owls',
  tag: 'OWL',
  players: [
    { platformId: '76561198000000001', name: 'hoot' },
    { platformId: '76561198000000002', name: 'screech' },
  ],
};
const foxes: SavedTeamForPlan = {
  id: 'foxes',
  name: 'Foxes',
  tag: 'FOX',
  players: [{ platformId: '76561198000000003', name: 'vix' }],
};

describe('planTeamImport', () => {
  it('leaves a team the file repeats as saved unchanged, whatever the case of its name', () => {
    const plan = planTeamImport(
      teamsOf('Owls,OWL,hoot,76561198000000001', 'OWLS,OWL,screech,76561198000000002'),
      [owls, foxes],
    );
    expect(plan.errors).toEqual([]);
    expect(plan.teams).toMatchObject([{ teamId: 'owls', action: 'unchanged' }]);
  });

  it('lists what an update changes: tag, players added, removed and renamed, the name spelling', () => {
    const plan = planTeamImport(
      teamsOf('owls,OWLZ,hooter,76561198000000001', 'owls,OWLZ,barn,76561198000000009'),
      [owls],
    );
    expect(plan.teams[0]).toEqual({
      teamId: 'owls',
      name: 'owls',
      tag: 'OWLZ',
      action: 'update',
      players: [
        { platformId: '76561198000000001', name: 'hooter', row: 2 },
        { platformId: '76561198000000009', name: 'barn', row: 3 },
      ],
      changes: {
        nameFrom: 'Owls',
        tagFrom: 'OWL',
        playersAdded: [{ platformId: '76561198000000009', name: 'barn' }],
        playersRemoved: [{ platformId: '76561198000000002', name: 'screech' }],
        playersRenamed: [{ platformId: '76561198000000001', from: 'hoot', to: 'hooter' }],
      },
      rows: [2, 3],
    });
  });

  it('creates a team no saved team is named like', () => {
    const plan = planTeamImport(teamsOf('Bears,BEAR,cub,76561198000000010'), [owls]);
    expect(plan.teams[0]).toMatchObject({
      teamId: null,
      action: 'create',
      changes: { playersAdded: [{ platformId: '76561198000000010', name: 'cub' }], playersRemoved: [] },
    });
  });

  it('refuses a player held by a saved team the file leaves alone, but lets one move between file teams', () => {
    const plan = planTeamImport(
      teamsOf(
        'Bears,BEAR,vix,76561198000000003',
        'Bears,BEAR,hoot,76561198000000001',
        'Owls,OWL,screech,76561198000000002',
      ),
      [owls, foxes],
    );
    expect(plan.errors).toEqual([
      {
        row: 2,
        column: 'platformId',
        message:
          'player 76561198000000003 is already on team Foxes, which this file does not change; a player plays for one team',
      },
    ]);
    expect(plan.teams.map((t) => t.action)).toEqual(['create', 'update']);
  });

  it('refuses a file team two saved teams are named like, rather than guess', () => {
    const plan = planTeamImport(teamsOf('owls,OWL,,'), [owls, { ...foxes, id: 'owls-2', name: 'OWLS' }]);
    expect(plan.errors).toMatchObject([{ row: 2, column: 'team' }]);
  });
});
