/**
 * The console lines the plugin refuses an admin control with, in both versions (MatchZy-Enhanced 1.4.21
 * and Auto-Tournament 2.0.0, English texts: src/Utility.cs ForcePauseMatch, src/BackupManagement.cs
 * RestoreRoundBackup, src/ConsoleCommands.cs OnStartCommand). Anything else it says refuses nothing.
 */
const REFUSALS = [
  /Match is already paused!/,
  /You cannot use this command (during halftime|after the game has ended|when tactical timeout is active)\./,
  /You cannot load a backup during halftime\./,
  /Start command cannot be used if match is already started!/,
];

/** The plugin's refusal in a control's reply (its sentence, without prefix and colour bytes); null when none. */
export function controlRefusal(reply: string): string | null {
  for (const refusal of REFUSALS) {
    const found = refusal.exec(reply);
    if (found) {
      return found[0];
    }
  }
  return null;
}
