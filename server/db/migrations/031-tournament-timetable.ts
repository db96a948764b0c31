import type { Migration } from '../migrate.js';

/**
 * The timetable's stored state (API.md decision 75): when a tournament was paused (null: running), and
 * why its automatic start was refused, for the organiser's tournament page.
 */
export const tournamentTimetable: Migration = {
  version: 31,
  name: 'tournament-timetable',
  up(db) {
    db.exec('ALTER TABLE tournaments ADD COLUMN paused_at INTEGER');
    db.exec('ALTER TABLE tournaments ADD COLUMN auto_start_problem TEXT');
  },
};
