import dns from 'node:dns';

/** Resolves a host name to its addresses: a port, so tests can answer for names that do not exist. */
export type HostResolver = (host: string) => Promise<{ address: string; family: number }[]>;

export const systemResolver: HostResolver = (host) =>
  dns.promises.lookup(host, { all: true, verbatim: true });
