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
  /** Also gets every finished (redacted, scrubbed) line: the console's log view. */
  tap?: (line: string) => void;
}

export function createLogger({ level, secrets, destination, tap }: LoggerOptions): Logger {
  const sink = destination ?? pino.destination({ fd: 1, sync: false });
  const stream = tap ? tapped(sink, tap) : sink;
  return pino(
    {
      level,
      base: { app: 'matchday' },
      redact: { paths: REDACT_PATHS, censor: '[hidden]' },
      // The last line of defence: any known secret is scrubbed from the finished line.
      hooks: { streamWrite: (line) => secrets.scrub(line) },
    },
    stream,
  );
}

/** The sink with every line also handed to `tap`; flushing still reaches the sink. */
function tapped(sink: DestinationStream, tap: (line: string) => void): DestinationStream {
  const flushable = sink as DestinationStream & { flush?(cb?: () => void): void; flushSync?(): void };
  return Object.assign(
    {
      write(line: string) {
        sink.write(line);
        tap(line);
      },
    },
    flushable.flush ? { flush: flushable.flush.bind(sink) } : {},
    flushable.flushSync ? { flushSync: flushable.flushSync.bind(sink) } : {},
  );
}
