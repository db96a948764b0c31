/**
 * The three generations of the plugin speak the same protocol under different names (PROTOCOL.md,
 * Appendix A): a server's flavour picks the command prefix and the header names.
 */
export const FLAVOURS = ['plugin', 'matchzy', 'at'] as const;
export type Flavour = (typeof FLAVOURS)[number];

export interface FlavourNames {
  /** Prefix of the plugin's commands and settings: `plugin_remote_log_url`, `matchzy_remote_log_url`. */
  prefix: string;
  /** Header carrying the token on events, config downloads and demo uploads. */
  tokenHeader: string;
  /** Prefix of the demo upload headers: `<prefix>-MatchId`, `<prefix>-MapNumber`. */
  demoHeaderPrefix: string;
}

export const FLAVOUR_NAMES: Record<Flavour, FlavourNames> = {
  plugin: { prefix: 'plugin', tokenHeader: 'X-Plugin-Token', demoHeaderPrefix: 'Plugin' },
  matchzy: { prefix: 'matchzy', tokenHeader: 'X-MatchZy-Token', demoHeaderPrefix: 'MatchZy' },
  at: { prefix: 'at', tokenHeader: 'X-Auto-Tournament-Token', demoHeaderPrefix: 'Auto-Tournament' },
};

/** A plugin setting or command under the flavour's prefix: `command('matchzy', 'loadmatch_url')`. */
export const pluginName = (flavour: Flavour, name: string) => `${FLAVOUR_NAMES[flavour].prefix}_${name}`;
