/**
 * Which tournament the public pages show (API.md decision 73): the one `?t=<id>` names, else the
 * primary, which the singular `/api/tournament` paths mean.
 */
export function chosenTournamentId(): number | null {
  return pinnedTournamentId() ?? cycled;
}

/** The tournament a `?t=` value names: a positive whole number, else null. */
export function tournamentIdParam(raw: string | null): number | null {
  const id = raw === null ? NaN : Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** The tournament `?t=` pins, or null. */
export function pinnedTournamentId(): number | null {
  return tournamentIdParam(new URLSearchParams(window.location.search).get('t'));
}

/**
 * `to` (a path, with or without its own query) naming tournament `id` with `?t=`, so that a link keeps
 * the visitor on the tournament they chose; unchanged for null (the primary).
 */
export function withTournament(to: string, id: number | null): string {
  if (id === null) {
    return to;
  }
  const url = new URL(to, 'http://link.invalid');
  url.searchParams.set('t', String(id));
  return `${url.pathname}${url.search}${url.hash}`;
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
