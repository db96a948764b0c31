/**
 * The three generations of the plugin speak the same protocol under different names (PROTOCOL.md,
 * Appendix A): a server's flavour picks the command prefix and the header names. Setup detects it
 * (PROTOCOL.md 5.5); an admin may fix it by hand instead.
 */
export const FLAVOURS = ['plugin', 'matchzy', 'at'] as const;
export type Flavour = (typeof FLAVOURS)[number];

/** What an admin sets: `auto` detects the plugin at every setup. */
export const FLAVOUR_SETTINGS = ['auto', ...FLAVOURS] as const;
export type FlavourSetting = (typeof FLAVOUR_SETTINGS)[number];

export interface FlavourNames {
  /** Prefix of the plugin's commands and settings: `plugin_remote_log_url`, `matchzy_remote_log_url`. */
  prefix: string;
  /** Header carrying the token on events, config downloads and demo uploads. */
  tokenHeader: string;
  /** Prefix of the demo upload headers: `<prefix>-MatchId`, `<prefix>-MapNumber`. */
  demoHeaderPrefix: string;
  /** The plugin as people know it. */
  product: string;
}

export const FLAVOUR_NAMES: Record<Flavour, FlavourNames> = {
  plugin: {
    prefix: 'plugin',
    tokenHeader: 'X-Plugin-Token',
    demoHeaderPrefix: 'Plugin',
    product: "Matchday's fake game server",
  },
  matchzy: {
    prefix: 'matchzy',
    tokenHeader: 'X-MatchZy-Token',
    demoHeaderPrefix: 'MatchZy',
    product: 'MatchZy-Enhanced 1.4.x',
  },
  at: {
    prefix: 'at',
    tokenHeader: 'X-Auto-Tournament-Token',
    demoHeaderPrefix: 'Auto-Tournament',
    product: 'Auto Tournament CS2 2.x',
  },
};

/** A plugin setting or command under the flavour's prefix: `command('matchzy', 'loadmatch_url')`. */
export const pluginName = (flavour: Flavour, name: string) => `${FLAVOUR_NAMES[flavour].prefix}_${name}`;
