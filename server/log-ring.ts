import type { LogEntry } from '../shared/contracts/logs.js';
import { atOrAbove, type LogLevel } from '../shared/domain/log-levels.js';

const LEVEL_OF: Record<number, LogLevel> = {
  10: 'trace',
  20: 'debug',
  30: 'info',
  40: 'warn',
  50: 'error',
  60: 'fatal',
};

/** Fields every line has, shown apart or not at all. */
const FRAME_FIELDS = new Set(['level', 'time', 'pid', 'hostname', 'app', 'module', 'msg']);

/**
 * The last app log lines in memory, for the console's log view: bounded, oldest dropped first.
 * Per-request access lines are left out (the organiser reads what the app did, not every GET).
 */
export class LogRing {
  private readonly entries: LogEntry[] = [];
  private seq = 0;
  private readonly listeners = new Set<(entry: LogEntry) => void>();

  constructor(readonly capacity = 500) {}

  /** Takes one finished JSON log line. */
  push(line: string): void {
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(line) as Record<string, unknown>;
    } catch {
      return;
    }
    if ('req' in parsed && 'res' in parsed) {
      return;
    }
    const entry: LogEntry = {
      seq: ++this.seq,
      time: typeof parsed.time === 'number' ? parsed.time : Date.now(),
      level: LEVEL_OF[Number(parsed.level)] ?? 'info',
      module: typeof parsed.module === 'string' ? parsed.module : null,
      msg: typeof parsed.msg === 'string' ? parsed.msg : '',
      details: Object.fromEntries(Object.entries(parsed).filter(([key]) => !FRAME_FIELDS.has(key))),
    };
    this.entries.push(entry);
    if (this.entries.length > this.capacity) {
      this.entries.shift();
    }
    this.listeners.forEach((listener) => listener(entry));
  }

  /** Lines after `seq`, at `level` or above, oldest first. */
  since(seq: number, level: LogLevel = 'trace'): LogEntry[] {
    return this.entries.filter((e) => e.seq > seq && atOrAbove(e.level, level));
  }

  onEntry(listener: (entry: LogEntry) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
