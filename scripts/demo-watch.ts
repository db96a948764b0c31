// What the LAN demo shows while it plays, read over the public API like any browser on the LAN: the
// pages to open, and a progress line with the live scores, the queue's ETAs and the top fragger.
import type { z } from 'zod';
import type { allocationStatusResponseSchema } from '../shared/contracts/allocation.js';
import type { Match } from '../shared/contracts/matches.js';
import type { TournamentStats } from '../shared/contracts/stats.js';
import type { Tournament } from '../shared/contracts/tournament.js';

type Waiting = z.infer<typeof allocationStatusResponseSchema>['waiting'][number];

export interface DemoSnapshot {
  tournament: Tournament;
  matches: Match[];
  /** Matches waiting for a server, in queue order, each with its ETA. */
  waiting: Waiting[];
  /** Tournament player lines, most kills first. */
  players: TournamentStats['players'];
}

async function read<T>(url: string): Promise<T> {
  const res = await fetch(url);
  if (!res.ok) {
    throw new Error(`GET ${url}: ${res.status} ${await res.text()}`);
  }
  return (await res.json()) as T;
}

/** The tournament, its matches, the queue and the player stats, as the public pages read them. */
export async function readDemo(url: string): Promise<DemoSnapshot> {
  const [bracket, allocation, stats] = await Promise.all([
    read<{ tournament: Tournament; matches: Match[] }>(`${url}/api/tournament/bracket`),
    read<{ waiting: Waiting[] }>(`${url}/api/tournament/allocation-status`),
    read<TournamentStats>(`${url}/api/tournament/stats`),
  ]);
  return {
    tournament: bracket.tournament,
    matches: bracket.matches,
    waiting: allocation.waiting,
    players: stats.players,
  };
}

/** The pages worth opening: bracket, projector, a server's overlay, the first match and its overlay. */
export function demoLinks(url: string, serverId: string, snapshot: DemoSnapshot): string[] {
  // The first match with both teams known plays in the first wave.
  const first = snapshot.matches.find((m) => m.team1 && m.team2)?.slug;
  const stages = snapshot.tournament.stages.length > 1 ? `, ${url}/groups` : '';
  return [
    `  Bracket:  ${url}/bracket${stages}   (stats: ${url}/stats)`,
    `  Screen:   ${url}/screen   (the projector view: next matches with ETAs)`,
    `  Overlay:  ${url}/overlay/server/${serverId}   (for OBS: follows whatever the server plays)`,
    ...(first
      ? [`  Match:    ${url}/matches/${first}   (live scoreboard; overlay: ${url}/overlay/match/${first})`]
      : []),
  ];
}

const teams = (m: { team1: { name: string } | null; team2: { name: string } | null }) =>
  `${m.team1?.name ?? '?'} v ${m.team2?.name ?? '?'}`;

/** "about 3 min" as the web app says it, from now (Unix seconds). */
const about = (startsAt: number, now: number) =>
  `about ${Math.max(0, Math.round((startsAt - now) / 60))} min`;

/** One line of where the event is: done/total, live scores, the next match's ETA, the top fragger. */
export function progressLine(snapshot: DemoSnapshot, now: number): string {
  const { tournament, matches, waiting, players } = snapshot;
  if (tournament.status === 'completed') {
    const champion = tournament.winner?.name ?? 'nobody';
    return `Champion: ${champion}. ${players.length} players have stats at /stats. Ctrl+C stops the demo.`;
  }
  const played = matches.filter((m) => m.team1 && m.team2);
  const done = played.filter((m) => m.status === 'completed').length;
  const live = matches
    .filter((m) => m.status === 'live')
    .map((m) => `${m.label} ${m.team1MapScore}-${m.team2MapScore} on ${m.serverId}`);
  const next = waiting.find((w) => w.eta !== null);
  const top = players[0];
  return [
    `${tournament.currentStage ?? tournament.status}: ${done}/${matches.length} matches done`,
    `live: ${live.length > 0 ? live.join(', ') : 'none'}`,
    next?.eta
      ? `${waiting.length} waiting, next ${teams(next)} ${about(next.eta.startsAt, now)} (${next.eta.basis})`
      : `${waiting.length} waiting`,
    ...(top ? [`top fragger ${top.name} ${top.kills}-${top.deaths}, ADR ${top.adr}`] : []),
  ].join(' | ');
}
