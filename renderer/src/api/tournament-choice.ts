/**
 * Which tournament the public pages show (API.md decision 73): the one `?t=<id>` names, else the
 * primary, which the singular `/api/tournament` paths mean.
 */
export function chosenTournamentId(): number | null {
  return pinnedTournamentId() ?? cycled;
}

/** The tournament `?t=` pins, or null. */
export function pinnedTournamentId(): number | null {
  const raw = new URLSearchParams(window.location.search).get('t');
  const id = raw === null ? NaN : Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** The tournament `/screen` shows while it cycles through the running ones (null: the primary). */
let cycled: number | null = null;
export function showTournament(id: number | null): void {
  cycled = id;
}

/** `/api/tournament<rest>` for the chosen tournament: `/api/tournaments/<id><rest>` when `?t=` names one. */
export function tournamentPath(rest = ''): string {
  const id = chosenTournamentId();
  return id === null ? `/api/tournament${rest}` : `/api/tournaments/${id}${rest}`;
}
