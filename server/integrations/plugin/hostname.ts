/** The server name a match is played under, from the server's (or the settings') hostname format. */

export interface HostnameFacts {
  team1: string;
  team2: string;
  label: string;
  matchid: number;
}

/** Characters the plugin refuses in a cvar value (it then skips the whole cvar). */
const UNSAFE_IN_CVAR = /[;\n\r`|&]/g;

/** `{team1}`, `{team2}`, `{label}`, `{matchid}` filled in; empty keeps the server's own hostname. */
export function fillHostname(format: string, facts: HostnameFacts): string {
  return format
    .replace(UNSAFE_IN_CVAR, '-')
    .replaceAll('{team1}', facts.team1)
    .replaceAll('{team2}', facts.team2)
    .replaceAll('{label}', facts.label)
    .replaceAll('{matchid}', String(facts.matchid))
    .replace(UNSAFE_IN_CVAR, '-');
}
