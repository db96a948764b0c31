/** A unix time as a datetime-local value (local time), or '' for none. */
export const toLocal = (at: number | null) => {
  if (at === null) {
    return '';
  }
  const d = new Date(at * 1000);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

/** A datetime-local value as a unix time, or null for none. */
export const fromLocal = (value: string) =>
  value === '' ? null : Math.floor(new Date(value).getTime() / 1000);
