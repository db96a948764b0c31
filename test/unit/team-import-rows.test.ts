import { describe, expect, it } from 'vitest';
import { readTeamFile } from '../../shared/domain/team-import-rows.js';

const HEADER = 'team,tag,player,platformId';

describe('readTeamFile', () => {
  it('groups rows into teams, matching team names without case, and reads every Steam id form', () => {
    const text = [
      HEADER + ',chatId,role',
      'Owls,OWL,hoot,76561198000000001,123,captain',
      'owls,,screech,STEAM_0:1:5,,',
      'Owls,OWL,barn,[U:1:20],,',
      'Foxes,FOX,vix,https://steamcommunity.com/profiles/76561198000000009/,,',
      'Bears,BEAR,,',
    ].join('\n');
    const reading = readTeamFile(text);
    expect(reading.errors).toEqual([]);
    expect(reading.teams).toEqual([
      {
        name: 'Owls',
        tag: 'OWL',
        rows: [2, 3, 4],
        players: [
          { platformId: '76561198000000001', name: 'hoot', chatId: '123', role: 'captain', row: 2 },
          { platformId: '76561197960265739', name: 'screech', chatId: null, role: null, row: 3 },
          { platformId: '76561197960265748', name: 'barn', chatId: null, role: null, row: 4 },
        ],
      },
      {
        name: 'Foxes',
        tag: 'FOX',
        rows: [5],
        players: [{ platformId: '76561198000000009', name: 'vix', chatId: null, role: null, row: 5 }],
      },
      { name: 'Bears', tag: 'BEAR', rows: [6], players: [] },
    ]);
  });

  it('names every bad row by its line and column, and keeps reading past it', () => {
    const text = [
      HEADER,
      'Owls,OWL,hoot,76561198000000001',
      '',
      'Owls,OWL,screech,not-an-id',
      'Foxes,FOX,,76561198000000002',
      'Foxes,FX,vix,76561198000000003',
      'Foxes,FOX,hoot again,76561198000000001',
      ',,nobody,76561198000000004',
      'Bears,BEAR,cub,https://steamcommunity.com/id/cubby',
    ].join('\r\n');
    const { errors, teams } = readTeamFile(text);
    expect(errors.map(({ row, column }) => [row, column])).toEqual([
      [4, 'platformId'],
      [5, 'player'],
      [6, 'tag'],
      [7, 'platformId'],
      [8, 'team'],
      [9, 'platformId'],
    ]);
    expect(errors[0]!.message).toContain('"not-an-id" is not a Steam id');
    expect(errors[3]!.message).toBe(
      'player 76561198000000001 is already on row 2, for team Owls; a player plays for one team',
    );
    expect(errors[5]!.message).toContain('custom name');
    expect(teams.map((t) => [t.name, t.players.length])).toEqual([
      ['Owls', 1],
      ['Foxes', 0],
      ['Bears', 0],
    ]);
  });

  it('refuses a header without the required columns, and an empty file', () => {
    expect(readTeamFile('team,name,steam\nOwls,a,b').errors).toEqual([
      {
        row: 1,
        column: null,
        message:
          'the header row needs the columns team, tag, player, platformId (optional: chatId, role); missing: tag, player, platformId',
      },
    ]);
    expect(readTeamFile('\uFEFF\r\n').errors).toEqual([
      { row: 1, column: null, message: 'the file is empty' },
    ]);
  });

  it('reports columns it does not read, and a team over the roster limit', () => {
    const rows = Array.from(
      { length: 17 },
      (_, i) => `Owls,OWL,p${i},765611980000001${String(i).padStart(2, '0')}`,
    );
    const reading = readTeamFile([HEADER + ',email', ...rows].join('\n'));
    expect(reading.ignoredColumns).toEqual(['email']);
    expect(reading.errors).toEqual([
      { row: 18, column: null, message: 'team Owls already has 16 players, the most a team can have' },
    ]);
  });
});
