/**
 * Who is on a match's server and whether they are ready, pauses, demos and the plugin's last
 * report (PROTOCOL.md 2.4.2–2.4.3, 2.4.13–2.4.18, 3.2). Pure: an event or a report in, the new state
 * out. Scores and phases are match-progress's; this is what a person watching the match wants to see.
 */

export interface LivePlayer {
  name: string;
  /** team1, team2, spectator or unknown (a connect does not say). */
  slot: string;
  connected: boolean;
  ready: boolean;
}

export interface LiveDemo {
  mapNumber: number;
  fileName: string;
  /** recording, uploading, uploaded, failed */
  state: string;
  reason?: string;
}

export interface MatchLive {
  players: Record<string, LivePlayer>;
  spectators: string[];
  pause: { by: string; admin: boolean; since: number | null } | null;
  demos: LiveDemo[];
  /** From the last report: the plugin's phase and map round. */
  report: { phase: string; round: number; tournamentStatus: string | null; at: number } | null;
}

export const EMPTY_LIVE: MatchLive = { players: {}, spectators: [], pause: null, demos: [], report: null };

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (typeof v === 'object' && v !== null ? (v as Json) : {});
const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const num = (v: unknown) => (typeof v === 'number' ? v : Number(v));

function withPlayer(live: MatchLive, player: Json, patch: Partial<LivePlayer>): MatchLive {
  const id = str(player.steamid);
  if (!id) {
    return live;
  }
  const before = live.players[id] ?? {
    name: str(player.name),
    slot: 'unknown',
    connected: false,
    ready: false,
  };
  return {
    ...live,
    players: { ...live.players, [id]: { ...before, name: str(player.name) || before.name, ...patch } },
  };
}

/**
 * How far a demo got. Its events set that state, so a retry arriving late (the plugin re-sends a failed
 * POST 30 s or more later, PROTOCOL.md 3.1) never takes an uploaded demo back to uploading.
 */
const DEMO_PROGRESS: Record<string, number> = { recording: 0, uploading: 1, uploaded: 2, failed: 2 };

function withDemo(live: MatchLive, e: Json, state: string): MatchLive {
  const fileName = str(e.filename);
  // Round backups travel through the demo uploader too; they are not demos.
  if (fileName.endsWith('.json')) {
    return live;
  }
  const known = fileName === '' ? undefined : live.demos.find((d) => d.fileName === fileName);
  if (known && (DEMO_PROGRESS[known.state] ?? 0) > (DEMO_PROGRESS[state] ?? 0)) {
    return live;
  }
  const mapNumber = Number.isInteger(num(e.map_number)) ? num(e.map_number) : -1;
  const others = live.demos.filter((d) => !(d.fileName === fileName && fileName !== ''));
  const demo: LiveDemo = { mapNumber, fileName, state, ...(e.reason ? { reason: str(e.reason) } : {}) };
  return { ...live, demos: [...others, demo].sort((a, b) => a.mapNumber - b.mapNumber) };
}

/** Applies one plugin event; events that say nothing about players, pauses or demos change nothing. */
export function applyLiveEvent(live: MatchLive, e: Json): MatchLive {
  switch (e.event) {
    case 'player_connect':
      return withPlayer(live, obj(e.player), { connected: true });
    case 'player_disconnect':
      return withPlayer(live, obj(e.player), { connected: false, ready: false });
    case 'player_ready':
      return withPlayer(live, obj(e.player), { connected: true, ready: true });
    case 'player_unready':
      return withPlayer(live, obj(e.player), { ready: false });
    case 'match_paused': {
      const by = obj(e.paused_by);
      return {
        ...live,
        pause: {
          by: str(by.team) === 'Admin' ? 'Admin' : str(by.team) || str(by.name),
          admin: e.is_admin === true,
          since: Number.isInteger(num(e.pause_time)) ? num(e.pause_time) : null,
        },
      };
    }
    case 'match_unpaused':
      return { ...live, pause: null };
    case 'demo_recording_start':
      return withDemo(live, e, 'recording');
    case 'demo_upload_start':
      return withDemo(live, e, 'uploading');
    case 'demo_upload_success':
      return withDemo(live, e, 'uploaded');
    case 'demo_upload_fail':
      return withDemo(live, e, 'failed');
    case 'demo_upload_ended':
      // Always follows success or fail; alone (the others lost) it still settles the upload.
      return live.demos.some((d) => d.fileName === str(e.filename) && d.state !== 'uploading')
        ? live
        : withDemo(live, e, e.success === true ? 'uploaded' : 'failed');
    default:
      return live;
  }
}

/** A report replaces who is there: it is the plugin's whole view at one moment. */
export function applyReport(live: MatchLive, report: Json, at: number): MatchLive {
  const match = obj(report.match);
  const players: Record<string, LivePlayer> = {};
  const connections = Array.isArray(report.connections) ? report.connections.map(obj) : [];
  for (const c of connections) {
    const id = str(c.steamId);
    if (id) {
      players[id] = {
        name: str(c.name),
        slot: str(c.slot) || 'unknown',
        connected: c.connected !== false,
        ready: c.ready === true,
      };
    }
  }
  const spectators = obj(report.spectators);
  return {
    ...live,
    players,
    spectators: (Array.isArray(spectators.connected) ? spectators.connected : []).map((s) =>
      str(obj(s).steamId ?? s),
    ),
    pause:
      match.paused === true
        ? (live.pause ?? { by: str(match.pauseRequestedBy), admin: false, since: null })
        : null,
    report: {
      phase: str(match.phase),
      round: Number.isInteger(num(obj(match.map).round)) ? num(obj(match.map).round) : 0,
      tournamentStatus: str(obj(report.server).tournamentStatus) || null,
      at,
    },
  };
}
