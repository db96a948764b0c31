import type { MatchPhase } from './match-state.js';
import type { PluginCore } from './plugin-core.js';

/**
 * The engine's `status` output, enough for liveness checks, the hostname and the build. The layout of
 * a CS2 dedicated server's reply, `version  : <PatchVersion>/<build> <changelist> secure  public`
 * included, follows the CS2 samples in Cryptoc1/racoon test/Racoon.Parsers/Standard/StatusParserTests.cs.
 */
export function engineStatus(core: PluginCore): string {
  const connected = core.flow?.state.players.filter((player) => player.connected) ?? [];
  return [
    'Server:  Running [0.0.0.0:27015]',
    'Client:  Disconnected',
    '@ Current  :  game',
    'source   : console',
    `hostname : ${core.convars.get('hostname')}`,
    'spawn    : 1',
    `version  : ${core.gameBuild.patchVersion}/${core.gameBuild.buildId} 10276 secure  public`,
    'steamid  : [A:1:1234567890:12345] (90000000000000000)',
    'udp/ip   : 127.0.0.1:27015 (public 127.0.0.1:27015)',
    'os/type  : Linux dedicated',
    `map      : ${core.currentMap}`,
    `players  : ${connected.length} humans, 0 bots (12 max) (not hibernating) (unreserved)`,
    '---------players--------',
    '  id     time ping loss      state   rate adr name',
    ...connected.map(
      (player, index) =>
        `${String(index + 2).padStart(4)} 12:34   20    0     active 786432 loopback '${player.name}'`,
    ),
    '#end',
  ].join('\n');
}

const GET5_GAMESTATES: Record<MatchPhase, string> = {
  warmup: 'warmup',
  knife: 'knife',
  knife_decision: 'waiting_for_knife_decision',
  going_live: 'live',
  live: 'live',
  postgame: 'post_game',
};

/** get5-style status JSON (PROTOCOL.md 5.2). */
export function get5Status(core: PluginCore): string {
  const state = core.flow?.state;
  if (!state) {
    return JSON.stringify({ plugin_version: '0.15.0', gamestate: 'none' });
  }
  const team = (slot: 'team1' | 'team2') => ({
    name: state.teamName(slot),
    series_score: state.seriesScore[slot],
    current_map_score: state.score[slot],
    connected_clients: state.connectedOf(slot).length,
    ready: state.readyCount(slot) >= state.playersOf(slot).length,
    side: state.sideOf(slot) === 'CT' ? 'ct' : 't',
  });
  return JSON.stringify({
    plugin_version: '0.15.0',
    gamestate: state.pause?.requestedBy === 'RoundRestore' ? 'pending_restore' : GET5_GAMESTATES[state.phase],
    paused: state.pause !== null,
    loaded_config_file: core.loader.loadedConfig,
    matchid: String(state.matchId),
    map_number: state.mapNumber,
    round_number: state.roundsPlayed,
    round_time: null,
    team1: team('team1'),
    team2: team('team2'),
    maps: Object.fromEntries(state.config.maps.map((map, index) => [`map${index}`, map])),
  });
}
