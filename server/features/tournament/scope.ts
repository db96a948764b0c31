import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Which tournament a request under `/api/tournaments/:id/...` acts on (API.md decision 73). The
 * tournament routes are registered once and mounted twice: the plural mount runs its handler inside
 * this scope, so the one "current tournament" every step reads is the named one; outside a scope it is
 * the primary.
 */
const scope = new AsyncLocalStorage<number>();

export const withTournament = <T>(id: number, work: () => T): T => scope.run(id, work);

/** The tournament id the running request names, or undefined for the primary. */
export const scopedTournamentId = (): number | undefined => scope.getStore();
