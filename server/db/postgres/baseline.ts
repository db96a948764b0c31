/**
 * The PostgreSQL schema equal to SQLite's at version 20 (the last SQLite-only migration): a PostgreSQL
 * database starts here instead of replaying that history. Integer columns are BIGINT (SQLite's integers
 * are 64-bit), flags stay integers so the row mappers read both engines alike, and SQLite's rowid keys
 * are identity columns. `test/unit/schema-parity.test.ts` checks it against SQLite's.
 */
import { PLAY_TABLES_SQL } from './baseline-play.js';
import { SETUP_TABLES_SQL } from './baseline-setup.js';

export const BASELINE_VERSION = 20;

export const BASELINE_SQL = SETUP_TABLES_SQL + PLAY_TABLES_SQL;
