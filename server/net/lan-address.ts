import os from 'node:os';

export interface InterfaceAddress {
  name: string;
  address: string;
  family: 'IPv4' | 'IPv6';
  internal: boolean;
}

const VIRTUAL_ADAPTER =
  /docker|veth|br-|vethernet|virtualbox|vbox|vmnet|vmware|wsl|hyper-v|utun|tun|tap|zt|tailscale/i;

function isPrivateIPv4(address: string): boolean {
  return /^(10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.)/.test(address);
}

/**
 * IPv4 addresses players on the LAN can reach, best first: private addresses on physical adapters,
 * then other addresses; loopback and link-local are left out.
 */
export function rankLanAddresses(interfaces: readonly InterfaceAddress[]): string[] {
  const score = (i: InterfaceAddress) =>
    (isPrivateIPv4(i.address) ? 0 : 2) + (VIRTUAL_ADAPTER.test(i.name) ? 1 : 0);
  return interfaces
    .filter((i) => i.family === 'IPv4' && !i.internal && !i.address.startsWith('169.254.'))
    .map((i, index) => ({ i, index }))
    .sort((a, b) => score(a.i) - score(b.i) || a.index - b.index)
    .map(({ i }) => i.address);
}

export function systemInterfaces(): InterfaceAddress[] {
  return Object.entries(os.networkInterfaces()).flatMap(([name, list]) =>
    (list ?? []).map((a) => ({
      name,
      address: a.address,
      family: a.family === 'IPv6' ? ('IPv6' as const) : ('IPv4' as const),
      internal: a.internal,
    })),
  );
}

const ANY_ADDRESS = new Set(['0.0.0.0', '::', '']);
const isLoopback = (host: string) => host === 'localhost' || host === '::1' || host.startsWith('127.');

/** The URLs players can open, given the address the server listens on. */
export function lanUrlsFor(host: string, port: number, interfaces: readonly InterfaceAddress[]): string[] {
  if (isLoopback(host)) {
    return [];
  }
  const addresses = ANY_ADDRESS.has(host) ? rankLanAddresses(interfaces) : [host];
  return addresses.map((address) => `http://${address.includes(':') ? `[${address}]` : address}:${port}`);
}

/** The URL this machine itself uses: loopback unless the server listens on one address only. */
export function localUrlFor(host: string, port: number): string {
  return ANY_ADDRESS.has(host) || isLoopback(host)
    ? `http://127.0.0.1:${port}`
    : lanUrlsFor(host, port, [])[0]!;
}
