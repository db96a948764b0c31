import { describe, expect, it } from 'vitest';
import { groups, playoffs, stageCup, type StageMatch } from '../helpers/stage-cup.js';

const { server, teamIds, create, bracket } = stageCup();

interface DrawTeam {
  id: string;
  name: string;
  seed: number | null;
}
interface Preview {
  drawToken: string;
  seeds: DrawTeam[];
  groups: { name: string; teams: DrawTeam[] }[];
  firstRound: { group: string | null; team1: DrawTeam; team2: DrawTeam | null }[];
  droppedTeams: DrawTeam[];
  forfeitTeams: DrawTeam[];
  warnings: string[];
}

const dryRun = () => server.request('POST', '/api/tournament/start', { body: { dryRun: true } });
const confirm = (drawToken: string) =>
  server.request('POST', '/api/tournament/start', { body: { drawToken, force: true } });

/** A pairing as a sorted pair of ids (a bye's empty side last), with its group. */
const pairKey = (group: string | null, a: string | null, b: string | null) =>
  `${group ?? '-'}:${[a, b]
    .sort((x, y) => (x === null ? 1 : y === null ? -1 : x.localeCompare(y)))
    .map((id) => id ?? 'bye')
    .join(' v ')}`;

const previewPairs = (p: Preview) =>
  p.firstRound.map((m) => pairKey(m.group, m.team1.id, m.team2?.id ?? null)).sort();

const FIRST_ROUND_BRACKETS = ['SE', 'UB', 'RR', 'SWISS'];

/** Round 1 as started (upper bracket for double elimination; group matches for a group stage). */
const startedPairs = (matches: StageMatch[]) =>
  (matches as (StageMatch & { round: number })[])
    .filter((m) => m.round === 1 && m.stage !== 'playoffs' && FIRST_ROUND_BRACKETS.includes(m.bracket))
    .map((m) => pairKey(m.group, m.team1?.id ?? null, m.team2?.id ?? null))
    .sort();

async function unchangedSetup(): Promise<void> {
  const t = (await server.request('GET', '/api/tournament')).body.tournament;
  expect(t).toMatchObject({ status: 'setup', startedAt: null });
  expect(t.settings.randomSeed).toBeNull();
  expect((await server.request('GET', '/api/matches')).body.count).toBe(0);
  expect((await bracket()).matches).toEqual([]);
}

describe('start preview (issue 31)', () => {
  it('a groups event: the dry run writes nothing; the start confirming it draws the previewed groups', async () => {
    await create({ settings: { veto: false, seeding: 'random' } });
    const first = await dryRun();
    expect(first.status).toBe(200);
    const preview = first.body.preview as Preview;
    expect(preview.drawToken).toMatch(/^\d+\.[0-9a-f]{8}$/);
    expect(preview.seeds.map((t) => t.seed)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect([...preview.seeds.map((t) => t.id)].sort()).toEqual([...teamIds].sort());
    expect(preview.groups.map((g) => g.name)).toEqual(['A', 'B']);
    // Snake dealt: seeds 1, 4, 5, 8 in A, in seed order.
    expect(preview.groups[0]!.teams.map((t) => t.seed)).toEqual([1, 4, 5, 8]);
    expect(preview.groups[1]!.teams.map((t) => t.seed)).toEqual([2, 3, 6, 7]);
    expect(preview.groups[0]!.teams[0]!.name).toMatch(/^Seed \d$/);
    expect(preview.firstRound).toHaveLength(4);
    expect(preview.droppedTeams).toEqual([]);
    await unchangedSetup();

    const started = await confirm(preview.drawToken);
    expect(started.status).toBe(200);
    const view = await bracket();
    expect(view.stages[0].groups.map((g) => g.teamIds)).toEqual(
      preview.groups.map((g) => g.teams.map((t) => t.id)),
    );
    expect(startedPairs(view.matches)).toEqual(previewPairs(preview));
    const t = (await server.request('GET', '/api/tournament')).body.tournament;
    expect(t.settings.randomSeed).toBe(Number(preview.drawToken.split('.')[0]));

    const again = await dryRun();
    expect(again.status).toBe(422);
    expect(again.body.code).toBe('INVALID_STATE');
  });

  it('two previews of a random draw may differ; each token starts its own draw', async () => {
    await create({
      type: 'single_elimination',
      stages: undefined,
      settings: { veto: false, seeding: 'random' },
    });
    const tokens = new Set<string>();
    let last: Preview | undefined;
    for (let i = 0; i < 3; i++) {
      last = (await dryRun()).body.preview as Preview;
      tokens.add(last.drawToken);
    }
    expect(tokens.size).toBeGreaterThan(1);
    expect((await confirm(last!.drawToken)).status).toBe(200);
    expect(startedPairs((await bracket()).matches)).toEqual(previewPairs(last!));
  });

  it('teams changed since the preview: 409 DRAW_CHANGED and nothing starts', async () => {
    await create({ type: 'single_elimination', stages: undefined, teamIds: teamIds.slice(0, 6) });
    const preview = (await dryRun()).body.preview as Preview;
    expect(
      (await server.request('PUT', '/api/tournament', { body: { teamIds: teamIds.slice(0, 5) } })).status,
    ).toBe(200);
    const refused = await confirm(preview.drawToken);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('DRAW_CHANGED');
    expect(refused.body.error).toMatch(/preview the start again/i);
    await unchangedSetup();

    // Same teams, another format: the draw previewed is not the one that would start either.
    const again = (await dryRun()).body.preview as Preview;
    expect(
      (await server.request('PUT', '/api/tournament', { body: { type: 'double_elimination' } })).status,
    ).toBe(200);
    expect((await confirm(again.drawToken)).status).toBe(409);
    await unchangedSetup();
  });

  it('refuses a malformed token (400) and a dry run that cannot start (422, nothing written)', async () => {
    await create({ type: 'single_elimination', stages: undefined });
    const bad = await server.request('POST', '/api/tournament/start', { body: { drawToken: 'abc' } });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
    expect(
      (await server.request('PUT', '/api/tournament', { body: { teamIds: teamIds.slice(0, 1) } })).status,
    ).toBe(200);
    const cannot = await dryRun();
    expect(cannot.status).toBe(422);
    expect(cannot.body.code).toBe('INVALID_STATE');
    await unchangedSetup();
  });

  it('lists the teams a required check-in leaves out, and draws without them', async () => {
    await create({
      settings: { veto: false, checkIn: { required: true, missing: 'drop' } },
      stages: [groups({ groupCount: 2, advancePerGroup: 1 }), playoffs()],
      teamIds: teamIds.slice(0, 6),
    });
    for (const id of teamIds.slice(0, 5)) {
      expect(
        (await server.request('POST', '/api/tournament/check-in', { body: { teamId: id } })).status,
      ).toBe(200);
    }
    const preview = (await dryRun()).body.preview as Preview;
    expect(preview.droppedTeams).toEqual([{ id: 's6', name: 'Seed 6', seed: null }]);
    expect(preview.seeds.map((t) => t.id)).toEqual(['s1', 's2', 's3', 's4', 's5']);
    expect(preview.groups.map((g) => g.teams.map((t) => t.id))).toEqual([
      ['s1', 's4', 's5'],
      ['s2', 's3'],
    ]);
    // Group A of three: one team sits round 1 out.
    expect(preview.firstRound.filter((p) => p.team2 === null)).toHaveLength(1);
    await unchangedSetup();
    expect((await confirm(preview.drawToken)).body.checkIn.dropped).toEqual(['s6']);
  });

  it('names the teams a forfeit check-in draws but lets lose their first match', async () => {
    await create({
      type: 'single_elimination',
      stages: undefined,
      settings: { veto: false, checkIn: { required: true, missing: 'forfeit' } },
      teamIds: teamIds.slice(0, 4),
    });
    for (const id of teamIds.slice(0, 3)) {
      expect(
        (await server.request('POST', '/api/tournament/check-in', { body: { teamId: id } })).status,
      ).toBe(200);
    }
    const preview = (await dryRun()).body.preview as Preview;
    expect(preview.seeds.map((t) => t.id)).toEqual(['s1', 's2', 's3', 's4']);
    expect(preview.forfeitTeams).toEqual([{ id: 's4', name: 'Seed 4', seed: 4 }]);
    expect(preview.droppedTeams).toEqual([]);
    await unchangedSetup();
  });

  const formats: [string, Record<string, unknown>, number][] = [
    ['single elimination with byes', { type: 'single_elimination' }, 6],
    ['double elimination', { type: 'double_elimination' }, 5],
    ['Swiss with a bye', { type: 'swiss' }, 7],
    ['round robin, one team resting', { type: 'round_robin' }, 5],
    ['Swiss groups then playoffs', { stages: [groups({ type: 'swiss' }), playoffs()] }, 8],
  ];
  for (const [name, body, count] of formats) {
    it(`${name}: the started round 1 is the previewed one`, async () => {
      const single = body.type !== undefined;
      await create({
        ...body,
        ...(single ? { stages: undefined } : {}),
        teamIds: teamIds.slice(0, count),
        settings: { veto: false, seeding: 'random' },
      });
      const preview = (await dryRun()).body.preview as Preview;
      expect(preview.seeds).toHaveLength(count);
      expect(preview.groups).toHaveLength(single ? 0 : 2);
      await unchangedSetup();
      expect((await confirm(preview.drawToken)).status).toBe(200);
      // A round robin team sitting the round out has no match.
      const expected = previewPairs(preview).filter(
        (p) => body.type !== 'round_robin' || !p.endsWith(' v bye'),
      );
      expect(startedPairs((await bracket()).matches)).toEqual(expected);
    });
  }
});
