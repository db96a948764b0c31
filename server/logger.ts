import pino, { type DestinationStream, type Logger } from 'pino';
import type { SecretRegistry } from './secrets.js';

export type { Logger };

/** Header and field paths that can carry credentials; pino replaces their values. */
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers["x-api-token"]',
  'req.headers["x-plugin-token"]',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.rconPassword',
  '*.serverPassword',
  '*.secret',
  '*.token',
];

export interface LoggerOptions {
  level: string;
  secrets: SecretRegistry;
  /** Where lines go; stdout by default. Tests pass a stream to read every line back. */
  destination?: DestinationStream;
}

export function createLogger({ level, secrets, destination }: LoggerOptions): Logger {
  return pino(
    {
      level,
      base: { app: 'matchday' },
      redact: { paths: REDACT_PATHS, censor: '[hidden]' },
      // The last line of defence: any known secret is scrubbed from the finished line.
      hooks: { streamWrite: (line) => secrets.scrub(line) },
    },
    destination ?? pino.destination({ fd: 1, sync: false }),
  );
}
