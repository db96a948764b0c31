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

/**
 * The tournament, its matches, the queue and the player stats, as the public pages read them: the
 * primary tournament's, or tournament `id`'s (API.md decision 73).
 */
export async function readDemo(url: string, id?: number): Promise<DemoSnapshot> {
  const base = id === undefined ? `${url}/api/tournament` : `${url}/api/tournaments/${id}`;
  const [bracket, allocation, stats] = await Promise.all([
    read<{ tournament: Tournament; matches: Match[] }>(`${base}/bracket`),
    read<{ waiting: Waiting[] }>(`${base}/allocation-status`),
    read<TournamentStats>(`${base}/stats`),
  ]);
  // The queue holds every tournament's matches (decision 73): this one's only.
  const own = new Set(bracket.matches.map((m) => m.slug));
  return {
    tournament: bracket.tournament,
    matches: bracket.matches,
    waiting: allocation.waiting.filter((w) => own.has(w.slug)),
    players: stats.players,
  };
}

/**
 * The pages worth opening: bracket, projector, a server's overlay, the first match and its overlay;
 * with several tournaments (`all`), each one's pages and the stage queue.
 */
export function demoLinks(
  url: string,
  serverId: string,
  snapshot: DemoSnapshot,
  all: DemoSnapshot[] = [snapshot],
): string[] {
  // The first match with both teams known plays in the first wave.
  const first = snapshot.matches.find((m) => m.team1 && m.team2)?.slug;
  const stages = snapshot.tournament.stages.length > 1 ? `, ${url}/groups` : '';
  return [
    ...(all.length > 1
      ? tournamentsLinks(url, all)
      : [
          `  Bracket:  ${url}/bracket${stages}   (stats: ${url}/stats)`,
          `  Screen:   ${url}/screen   (the projector view: next matches with ETAs)`,
        ]),
    `  Overlay:  ${url}/overlay/server/${serverId}   (for OBS: follows whatever the server plays)`,
    ...(first
      ? [`  Match:    ${url}/matches/${first}   (live scoreboard; overlay: ${url}/overlay/match/${first})`]
      : []),
  ];
}

/**
 * The pages of several tournaments at once: each one's bracket and stats (`?t=`), the projector that
 * cycles them and the casters' stage queue.
 */
function tournamentsLinks(url: string, snapshots: DemoSnapshot[]): string[] {
  return [
    ...snapshots.map(({ tournament: t }) => {
      const groups = t.stages.length > 1 ? `, ${url}/groups?t=${t.id}` : '';
      return `  ${t.name}: ${url}/bracket?t=${t.id}${groups}   (stats: ${url}/stats?t=${t.id})`;
    }),
    `  Screen:   ${url}/screen   (the projector: cycles the tournaments; the main event's lunch shows there)`,
    `  Stage:    ${url}/stage   (the casters' queue: the main event's finals wait there for Go)`,
  ];
}

const teams = (m: { team1: { name: string } | null; team2: { name: string } | null }) =>
  `${m.team1?.name ?? '?'} v ${m.team2?.name ?? '?'}`;

/** "13:45:10", the local time of Unix seconds. */
export const clock = (at: number) =>
  new Date(at * 1000).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** "about 3 min" as the web app says it, from now (Unix seconds). */
const about = (startsAt: number, now: number) =>
  `about ${Math.max(0, Math.round((startsAt - now) / 60))} min`;

/**
 * One line of where a tournament is, named: done/total, live scores, the next match's ETA (or the
 * break holding it), the top fragger.
 */
export function progressLine(snapshot: DemoSnapshot, now: number): string {
  const { tournament, matches, waiting, players } = snapshot;
  if (tournament.status === 'completed') {
    const champion = tournament.winner?.name ?? 'nobody';
    return `${tournament.name}: champion ${champion}. ${players.length} players have stats at /stats.`;
  }
  const played = matches.filter((m) => m.team1 && m.team2);
  const done = played.filter((m) => m.status === 'completed').length;
  const live = matches
    .filter((m) => m.status === 'live')
    .map((m) => `${m.label} ${m.team1MapScore}-${m.team2MapScore} on ${m.serverId}`);
  const next = waiting.find((w) => w.eta !== null);
  const top = players[0];
  const pause = tournament.timetable.currentBreak;
  return [
    `${tournament.name}, ${tournament.currentStage ?? tournament.status}: ${done}/${matches.length} matches done`,
    ...(pause ? [`${pause.name} until ${clock(pause.to)}: no new loads`] : []),
    `live: ${live.length > 0 ? live.join(', ') : 'none'}`,
    next?.eta
      ? `${waiting.length} waiting, next ${teams(next)} ${about(next.eta.startsAt, now)} (${next.eta.basis})`
      : `${waiting.length} waiting`,
    ...(top ? [`top fragger ${top.name} ${top.kills}-${top.deaths}, ADR ${top.adr}`] : []),
  ].join(' | ');
}
