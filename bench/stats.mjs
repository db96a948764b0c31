// Figures of the per-player statistics (API.md decision 46): GET /api/tournament/stats over HTTP for a
// tournament of 64 teams of 5 where every team has played 20 maps (6,400 player-map lines).
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../out/server/config.js';
import { startServer } from '../out/server/index.js';
import { median, tempDir } from './lib.mjs';

const TEAMS = 64;
const PLAYERS = 5;
const MAPS_PER_TEAM = 20;
const REQUESTS = 50;

export const conditions =
  `in-process server on 127.0.0.1 (LOG_LEVEL=silent), temporary SQLite file; ${TEAMS} teams of ${PLAYERS}, ` +
  `every first-round match with ${MAPS_PER_TEAM} maps of snapshots written by the event apply step's repo; ` +
  `${REQUESTS} sequential GET /api/tournament/stats after one warm-up`;

const platformId = (team, i) => String(76561198000000000n + BigInt(team * 10 + i));

/** One player's map totals, different per player and map so sorting has work to do. */
const snapshot = (team, i, side, map) => ({
  platformId: platformId(team, i),
  name: `b${team}p${i}`,
  side,
  round: 24,
  kills: (team * 7 + i * 3 + map) % 31,
  deaths: (team + i * 5 + map * 2) % 23,
  assists: (i + map) % 7,
  damage: 1200 + ((team * 13 + i * 17 + map * 5) % 1400),
  headshotKills: (team + i + map) % 9,
  mvps: (team + map) % 5,
  roundsPlayed: 24,
  firstKills: 0,
  clutchesWon: map % 2,
  utilityDamage: 40,
  enemiesFlashed: 3,
});

export async function statsFigures() {
  const running = await startServer({
    config: loadConfig({ PORT: '0', HOST: '127.0.0.1', MATCHDAY_DATA_DIR: tempDir(), LOG_LEVEL: 'silent' }),
  });
  try {
    const { services, ctx } = running.app;
    const teamIds = [];
    for (let t = 0; t < TEAMS; t++) {
      const saved = await services.teams.create({
        name: `Stats ${t}`,
        tag: '',
        players: Array.from({ length: PLAYERS }, (_, i) => ({
          platformId: platformId(t, i),
          name: `b${t}p${i}`,
        })),
      });
      teamIds.push(saved.team.id);
    }
    await services.tournament.create({
      name: 'Bench stats',
      type: 'single_elimination',
      format: 'bo3',
      teamIds,
      settings: { veto: false },
    });
    await services.tournament.start();
    const team = new Map(teamIds.map((id, t) => [id, t]));
    const firstRound = (await ctx.repos.matches.list()).filter(
      (m) => m.team1Id !== null && m.team2Id !== null,
    );
    if (firstRound.length !== TEAMS / 2) {
      throw new Error(`expected ${TEAMS / 2} first-round matches, found ${firstRound.length}`);
    }
    await ctx.sql.tx(async () => {
      for (const m of firstRound) {
        for (let map = 0; map < MAPS_PER_TEAM; map++) {
          const sides = [
            [team.get(m.team1Id), 'team1'],
            [team.get(m.team2Id), 'team2'],
          ];
          const lines = sides.flatMap(([t, side]) =>
            Array.from({ length: PLAYERS }, (_, i) => snapshot(t, i, side, map)),
          );
          await ctx.repos.playerStats.replaceMap(m.slug, map, lines);
        }
      }
    });
    const url = `${running.localUrl}/api/tournament/stats?sort=adr`;
    const get = async () => {
      const started = performance.now();
      const res = await fetch(url);
      const body = await res.json();
      const ms = performance.now() - started;
      if (res.status !== 200 || body.players.length !== TEAMS * PLAYERS) {
        throw new Error(`${url}: ${res.status}, ${body.players?.length} players`);
      }
      return ms;
    };
    await get();
    const times = [];
    for (let i = 0; i < REQUESTS; i++) {
      times.push(await get());
    }
    const ms = median(times);
    return [
      {
        figure: `GET /api/tournament/stats, ${TEAMS} teams x ${MAPS_PER_TEAM} maps (median)`,
        measured: `${ms.toFixed(1)} ms`,
        value: Number(ms.toFixed(1)),
        target: '< 50 ms',
        ok: ms < 50,
      },
    ];
  } finally {
    await running.stop();
  }
}
