/** Which of this machine's addresses players on the LAN should open: pure ranking, thin OS adapters. */

export interface InterfaceAddress {
  name: string;
  address: string;
  family: 'IPv4' | 'IPv6';
  internal: boolean;
  /** Hardware address as Node reports it; virtual adapters are often only recognisable by it. */
  mac?: string;
}

/** `os.networkInterfaces()` as a flat list (the fixtures of the tests are in that shape too). */
export function toInterfaceList(
  byName: Record<
    string,
    readonly { address: string; family: string | number; internal: boolean; mac?: string }[] | undefined
  >,
): InterfaceAddress[] {
  return Object.entries(byName).flatMap(([name, list]) =>
    (list ?? []).map((a) => ({
      name,
      address: a.address,
      // Node 18.0-18.3 reported the family as a number.
      family: a.family === 'IPv6' || a.family === 6 ? ('IPv6' as const) : ('IPv4' as const),
      internal: a.internal,
      mac: a.mac,
    })),
  );
}

/** physical: Ethernet or Wi-Fi; vpn: a tunnel players may share; virtual: a host-only adapter nobody else reaches. */
export type AdapterKind = 'physical' | 'vpn' | 'virtual';

export interface LanCandidate {
  address: string;
  interfaceName: string;
  kind: AdapterKind;
  /** The interface the machine's default route leaves by: the network the laptop is really on. */
  defaultRoute: boolean;
}

// Names as Windows ("vEthernet (WSL)", "VirtualBox Host-Only Network"), macOS (bridge100, utun3) and Linux
// (docker0, br-1a2b, virbr0, vboxnet0) give them.
const VIRTUAL_NAME =
  /docker|^br-|^veth|vethernet|virtualbox|vboxnet|vmware|vmnet|\bwsl\b|hyper-v|default switch|^virbr|^lxc|^lxd|^cni|^flannel|^podman|^bridge\d|^vnic|^anpi|^awdl|^llw|^ap\d/i;
const VPN_NAME =
  /^tun|^tap|^utun|^wg|^ppp|^ipsec|^gpd|tailscale|zerotier|^zt|wireguard|openvpn|nordlynx|protonvpn|anyconnect|forti|globalprotect|pangp|tap-windows|wintun|hamachi|radmin/i;
// Organisationally unique identifiers of virtual NICs: VirtualBox, VMware, Hyper-V, Docker, Parallels, QEMU.
// TAP-Windows (OpenVPN) adapters are often just "Ethernet 2"; their MAC gives them away.
const VPN_MAC = /^00:ff:/i;
const VIRTUAL_MAC =
  /^(08:00:27|0a:00:27|00:50:56|00:0c:29|00:05:69|00:1c:14|00:15:5d|02:42:|00:1c:42|52:54:00)/i;

export function adapterKind(i: Pick<InterfaceAddress, 'name' | 'mac'>): AdapterKind {
  if (VPN_NAME.test(i.name) || (i.mac !== undefined && VPN_MAC.test(i.mac))) {
    return 'vpn';
  }
  if (VIRTUAL_NAME.test(i.name) || (i.mac !== undefined && VIRTUAL_MAC.test(i.mac))) {
    return 'virtual';
  }
  return 'physical';
}

function ipv4Octets(address: string): number[] {
  return address.split('.').map(Number);
}

function isPrivateIPv4(address: string): boolean {
  const [a, b] = ipv4Octets(address) as [number, number];
  return a === 10 || (a === 192 && b === 168) || (a === 172 && b >= 16 && b <= 31);
}

function isUsableIPv4(i: InterfaceAddress): boolean {
  const [a, b] = ipv4Octets(i.address);
  // Loopback, link-local (no DHCP answer) and "this network" are never reachable from another machine.
  return i.family === 'IPv4' && !i.internal && a !== 127 && a !== 0 && !(a === 169 && b === 254);
}

const KIND_ORDER: Record<AdapterKind, number> = { physical: 0, vpn: 1, virtual: 2 };

/**
 * The IPv4 addresses players can reach, best first: physical adapters before VPN tunnels, virtual
 * adapters (Docker, WSL, VirtualBox...) only when nothing else exists; within a kind, the interface of
 * the default route, then private addresses. Loopback and link-local are left out; ties keep the
 * operating system's order.
 */
export function rankLanAddresses(
  interfaces: readonly InterfaceAddress[],
  defaultRouteInterface?: string,
): LanCandidate[] {
  const candidates = interfaces.filter(isUsableIPv4).map((i) => ({
    address: i.address,
    interfaceName: i.name,
    kind: adapterKind(i),
    defaultRoute: i.name === defaultRouteInterface,
  }));
  const reachable = candidates.some((c) => c.kind !== 'virtual')
    ? candidates.filter((c) => c.kind !== 'virtual')
    : candidates;
  const score = (c: LanCandidate) => [
    KIND_ORDER[c.kind],
    c.defaultRoute ? 0 : 1,
    isPrivateIPv4(c.address) ? 0 : 1,
  ];
  return reachable
    .map((c, index) => ({ c, key: score(c), index }))
    .sort((x, y) => compareKeys(x.key, y.key) || x.index - y.index)
    .map(({ c }) => c);
}

function compareKeys(a: number[], b: number[]): number {
  for (let k = 0; k < a.length; k++) {
    if (a[k] !== b[k]) {
      return a[k]! - b[k]!;
    }
  }
  return 0;
}

const ANY_ADDRESS = new Set(['0.0.0.0', '::', '']);
const isLoopback = (host: string) => host === 'localhost' || host === '::1' || host.startsWith('127.');

export function urlFor(address: string, port: number): string {
  return `http://${address.includes(':') ? `[${address}]` : address}:${port}`;
}

/** The URLs players can open, best first, given the address the server listens on. */
export function lanUrlsFor(
  host: string,
  port: number,
  interfaces: readonly InterfaceAddress[],
  defaultRouteInterface?: string,
): string[] {
  if (isLoopback(host)) {
    return [];
  }
  const addresses = ANY_ADDRESS.has(host)
    ? rankLanAddresses(interfaces, defaultRouteInterface).map((c) => c.address)
    : [host];
  return addresses.map((address) => urlFor(address, port));
}

/** The URL this machine itself uses: loopback unless the server listens on one address only. */
export function localUrlFor(host: string, port: number): string {
  return ANY_ADDRESS.has(host) || isLoopback(host) ? `http://127.0.0.1:${port}` : urlFor(host, port);
}
