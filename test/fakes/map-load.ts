import { isVersion2 } from './flavours.js';
import type { MatchConfig } from './match-config.js';
import type { PluginCore } from './plugin-core.js';

/**
 * Whether a match load changes level, and the game mode it sets first.
 * 1.4.21 (sivert-io/MatchZy-Enhanced src/MatchManagement.cs:507-510): only when the game mode is
 * wrong or the server is on another map, so a server that restarted on the match's map keeps it
 * without GOTV and the first map records no demo (src/DemoManagement.cs forces `tv_enable` too late).
 * 2.0.0 (Auto-Tournament/MatchZy-Enhanced src/MatchManagement.cs `sourceTvReloadRequired`,
 * src/DemoFileLocator.cs): also when demos are wanted and no GOTV master runs, after `tv_enable 1`.
 */
export function mapLoadRequired(core: PluginCore, config: MatchConfig): boolean {
  const { convars } = core;
  const gameMode = config.wingman ? '2' : '1';
  const wrongMode = convars.get('game_mode') !== gameMode || convars.get('game_type') !== '0';
  const wantsDemo = convars.getBool(`${core.names.prefix}demo_recording_enabled`);
  const sourceTvReload = isVersion2(core.names.version) && wantsDemo && !core.gotvActive;
  if (sourceTvReload) {
    convars.set('tv_enable', '1');
  }
  const reload = wrongMode || sourceTvReload || core.currentMap !== config.maps[0];
  if (reload) {
    // SetCorrectGameMode (src/Utility.cs): takes effect with the level change.
    convars.set('game_mode', gameMode);
    convars.set('game_type', '0');
  }
  return reload;
}
