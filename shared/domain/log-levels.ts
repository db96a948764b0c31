/** pino's levels, lowest first: "at this level or above" compares their places. */
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Whether a line at `level` shows when the view asks for `minimum` and above. */
export const atOrAbove = (level: LogLevel, minimum: LogLevel) =>
  LOG_LEVELS.indexOf(level) >= LOG_LEVELS.indexOf(minimum);
