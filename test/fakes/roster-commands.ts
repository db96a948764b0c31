import type { ConsoleCommand } from './console-line.js';
import { payloads } from './event-payloads.js';
import type { PluginCore } from './plugin-core.js';
import type { PlayerState } from './match-state.js';

/**
 * The mid-match roster commands, as 1.4.21 `src/Teams.cs` OnAddPlayerCommand / OnRemovePlayerCommand
 * (2.0.0 Auto-Tournament/MatchZy-Enhanced `src/Teams.cs`: the same under `at_`). Console only; refused
 * with no match set up and in the halftime break (IsHalfTimePhase).
 */
function refusal(core: PluginCore, verb: 'add' | 'remove'): string | null {
  const flow = core.flow;
  if (!flow) {
    return 'No match is setup!';
  }
  if (flow.state.halftimeBreak) {
    return `Cannot ${verb} players during halftime. Please wait until the next round starts.`;
  }
  return null;
}

/**
 * `<prefix>addplayer <steam64> <team1|team2|spec> "<name>"`: AddPlayerToTeam refuses an id already on
 * any list, and checks nothing else. A player added to a team is the person waiting to join: he
 * connects a moment later and, once the map is live, plays (and scores) for that team.
 */
export function addPlayer(core: PluginCore, command: ConsoleCommand): string {
  const refused = refusal(core, 'add');
  if (refused !== null) {
    return refused;
  }
  const [steamid = '', team = '', name = ''] = command.args;
  // ArgCount counts the command name: fewer than 3 means no team.
  if (command.args.length < 2) {
    return `Usage: ${core.names.prefix}_addplayer <steam64> <team> "<name>"`;
  }
  if (team !== 'team1' && team !== 'team2' && team !== 'spec') {
    return 'Unknown team: must be one of team1, team2, spec';
  }
  const { state } = core.flow!;
  const { config } = state;
  const listed = [...config.team1.players, ...config.team2.players, ...config.spectators];
  if (listed.some((player) => player.steamid === steamid)) {
    return `Failed to add player ${name} to ${team}. They may already be on a team or you provided an invalid Steam ID.`;
  }
  if (team === 'spec') {
    config.spectators.push({ steamid, name });
  } else {
    config[team].players.push({ steamid, name });
    const player: PlayerState = { steamid, name, slot: team, connected: false, ready: false, connectedAt: 0 };
    state.players.push(player);
    joinSoon(core, player);
  }
  return `Player ${name} added to ${team} successfully!`;
}

/**
 * `<prefix>removeplayer <steam64>`: RemovePlayerFromTeam removes the id from the FIRST non-null list
 * only (team 1's) and answers success whatever it found, so a team-2 player stays listed; a connected
 * player with that id is kicked either way. An unparsable id answers "Invalid Steam64" and goes on as 0.
 */
export function removePlayer(core: PluginCore, command: ConsoleCommand): string {
  const refused = refusal(core, 'remove');
  if (refused !== null) {
    return refused;
  }
  const typed = (command.args[0] ?? '').trim();
  const valid = /^\d+$/.test(typed);
  const steamid = valid ? BigInt(typed).toString() : '0';
  const { state } = core.flow!;
  const team1 = state.config.team1.players;
  const index = team1.findIndex((player) => player.steamid === steamid);
  if (index >= 0) {
    team1.splice(index, 1);
  }
  const lines = valid ? [] : ['Invalid Steam64'];
  lines.push(`Successfully removed player ${steamid}`);
  const player = state.players.find((candidate) => candidate.steamid === steamid);
  if (player?.connected) {
    core.log('info', `Kicking player ${player.name} - Not a player in this game (removed).`);
    kick(core, player);
  }
  if (player && index >= 0) {
    state.players.splice(state.players.indexOf(player), 1);
  }
  return lines.join('\n');
}

function joinSoon(core: PluginCore, player: PlayerState): void {
  core.runDetached(async (signal) => {
    await core.clock.sleep(2, signal);
    const state = core.flow?.state;
    if (!state || !state.players.includes(player)) {
      return;
    }
    player.connected = true;
    // Mid-match there is no ready-up: a joining player simply plays.
    player.ready = state.phase !== 'warmup';
    player.connectedAt = core.clock.unixNow();
    const info = { ...state.playerInfo(player), team: 'none' };
    await core.emit(payloads.playerConnection('player_connect', info, state.matchId));
    core.reportChanged();
  });
}

function kick(core: PluginCore, player: PlayerState): void {
  const state = core.flow!.state;
  const info = state.playerInfo(player);
  player.connected = false;
  player.ready = false;
  core.emitSoon(payloads.playerConnection('player_disconnect', info, state.matchId));
  core.reportChanged();
}
