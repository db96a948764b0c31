/** Which plugin generation the fake imitates (PROTOCOL.md, How Matchday uses it, and Appendix A). */
export type PluginFlavour = 'plugin' | 'matchzy' | 'at';

export interface FlavourNames {
  /** Prefix of every plugin command and convar: `plugin_`, `matchzy_`, `at_`. */
  prefix: string;
  /** Root command of `<root> match load <url>`. */
  root: string;
  /** Header carrying the bootstrap, event (as configured by the service) and report tokens. */
  tokenHeader: string;
  /** Brand part of the demo upload headers (`<brand>-FileName`, ...). */
  demoHeaderBrand: string;
  /** Shown in console replies and chat (`[MatchZy] Version: ...`). */
  displayName: string;
  version: string;
}

const NAMES: Record<PluginFlavour, FlavourNames> = {
  plugin: {
    prefix: 'plugin_',
    root: 'plugin',
    tokenHeader: 'X-Plugin-Token',
    demoHeaderBrand: 'Plugin',
    displayName: 'Plugin',
    version: '1.4.21',
  },
  matchzy: {
    prefix: 'matchzy_',
    root: 'matchzy',
    tokenHeader: 'X-MatchZy-Token',
    demoHeaderBrand: 'MatchZy',
    displayName: 'MatchZy',
    version: '1.4.21',
  },
  at: {
    prefix: 'at_',
    root: 'at',
    tokenHeader: 'X-Auto-Tournament-Token',
    demoHeaderBrand: 'Auto-Tournament',
    displayName: 'Auto Tournament',
    version: '2.0.0',
  },
};

/**
 * A console reply of the plugin (`ReplyToUserCommand` with no player: `Server.PrintToConsole` of the chat
 * prefix and the text, src/Utility.cs); the prefix carries its colour bytes (PROTOCOL.md section 5).
 */
export const consoleReply = (names: FlavourNames, text: string): string =>
  `[\x04${names.displayName}\x01] ${text}`;

export function flavourNames(flavour: PluginFlavour): FlavourNames {
  return NAMES[flavour];
}

/**
 * The plugin lines differ in behaviour, not only in names: 2.0.0 (Auto-Tournament/MatchZy-Enhanced)
 * debounces its bootstrap fetch and has `clear_queued_match`; 1.4.21 (sivert-io/MatchZy-Enhanced)
 * fetches on each command with a 5 s anti-spam and lacks it. Anything below 2 plays by 1.4.21.
 */
export const isVersion2 = (version: string): boolean => Number(version.split('.')[0]) >= 2;
