/**
 * What the game-server plugin cannot do, in words an organiser can act on: the API refuses the control
 * with them; the web app says the same from its catalogue (`matches.controls.unsupported`), in its language.
 */

/**
 * No plugin version swaps sides mid-match, and a raw `mp_swapteams` leaves the plugin's team-to-side
 * table behind, so every later score and backup lands on the wrong team (PROTOCOL.md 5.3).
 */
export const SWAP_TEAMS_UNSUPPORTED =
  'The game-server plugin cannot swap sides during a match (a raw mp_swapteams would put every later score on the wrong team). Sides are chosen before the match, by the veto side pick or the knife round.';
