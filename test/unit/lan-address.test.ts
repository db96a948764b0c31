import { describe, expect, it } from 'vitest';
import {
  adapterKind,
  lanUrlsFor,
  localUrlFor,
  rankLanAddresses,
  toInterfaceList,
  type InterfaceAddress,
} from '../../server/net/lan-address.js';
import * as fixtures from '../fixtures/network-interfaces.js';

const nic = (name: string, address: string, extra: Partial<InterfaceAddress> = {}): InterfaceAddress => ({
  name,
  address,
  family: 'IPv4',
  internal: false,
  ...extra,
});

const ranked = (f: fixtures.InterfaceFixture) =>
  rankLanAddresses(toInterfaceList(f.interfaces), f.defaultRoute).map((c) => c.address);

describe('rankLanAddresses on real laptops', () => {
  for (const [name, fixture] of Object.entries(fixtures)) {
    it(`${name}: shows ${fixture.expected} first`, () => {
      expect(ranked(fixture)[0]).toBe(fixture.expected);
    });
  }

  it('Windows: the cabled LAN first, Wi-Fi next, WSL, Hyper-V and VirtualBox left out', () => {
    expect(ranked(fixtures.windowsWithWslAndVirtualBox)).toEqual(['192.168.10.23', '10.0.0.87']);
  });

  it('Windows: a TAP adapter named "Ethernet 2" is a VPN, VMware is left out by its MAC, link-local dropped', () => {
    const list = rankLanAddresses(
      toInterfaceList(fixtures.windowsWithTapAdapterAndLinkLocal.interfaces),
      fixtures.windowsWithTapAdapterAndLinkLocal.defaultRoute,
    );
    expect(list.map((c) => [c.interfaceName, c.kind])).toEqual([
      ['Wi-Fi', 'physical'],
      ['Ethernet 2', 'vpn'],
      ['OpenVPN TAP-Windows6', 'vpn'],
    ]);
  });

  it('macOS: a full-tunnel VPN holding the default route does not win over Wi-Fi', () => {
    expect(ranked(fixtures.macWithFullTunnelVpn)).toEqual(['192.168.178.41', '10.212.134.200']);
  });

  it('macOS: the default route decides between two physical adapters; Tailscale comes last', () => {
    expect(ranked(fixtures.macWithDongleAndTailscale)).toEqual([
      '172.20.10.4',
      '192.168.0.100',
      '100.101.102.103',
    ]);
  });

  it('Linux: Docker bridges and libvirt are left out; WireGuard and Tailscale follow Wi-Fi', () => {
    const list = rankLanAddresses(
      toInterfaceList(fixtures.linuxWithDockerAndVpns.interfaces),
      fixtures.linuxWithDockerAndVpns.defaultRoute,
    );
    expect(list.map((c) => `${c.interfaceName}=${c.address}`)).toEqual([
      'wlp0s20f3=192.168.1.57',
      'wg0=10.66.66.2',
      'tailscale0=100.88.12.34',
    ]);
    expect(list[0]).toMatchObject({ kind: 'physical', defaultRoute: true });
  });

  it('without a default route, private addresses come before public ones, then the OS order', () => {
    const interfaces = [nic('eth0', '203.0.113.7'), nic('eth1', '192.168.1.20'), nic('eth2', '10.1.2.3')];
    expect(rankLanAddresses(interfaces).map((c) => c.address)).toEqual([
      '192.168.1.20',
      '10.1.2.3',
      '203.0.113.7',
    ]);
  });

  it('drops loopback, link-local, IPv6 and 0.0.0.0; is empty when nothing else exists', () => {
    expect(
      rankLanAddresses([
        nic('lo', '127.0.0.1', { internal: true }),
        nic('eth0', '169.254.3.4'),
        nic('eth0', 'fe80::1', { family: 'IPv6' }),
        nic('eth1', '0.0.0.0'),
      ]),
    ).toEqual([]);
  });
});

describe('adapterKind', () => {
  it.each([
    ['vEthernet (WSL)', undefined, 'virtual'],
    ['VirtualBox Host-Only Network #2', undefined, 'virtual'],
    ['Ethernet 3', '00:15:5d:00:00:01', 'virtual'],
    ['docker0', undefined, 'virtual'],
    ['br-9a8b7c6d5e4f', undefined, 'virtual'],
    ['bridge100', undefined, 'virtual'],
    ['utun2', undefined, 'vpn'],
    ['tailscale0', undefined, 'vpn'],
    ['ZeroTier One [8056c2e21c000001]', undefined, 'vpn'],
    ['NordLynx', undefined, 'vpn'],
    ['en0', 'f0:18:98:4a:2b:3c', 'physical'],
    ['Wi-Fi', undefined, 'physical'],
    ['enp3s0', undefined, 'physical'],
  ] as const)('%s (%s) is %s', (name, mac, kind) => {
    expect(adapterKind({ name, mac })).toBe(kind);
  });
});

describe('lanUrlsFor / localUrlFor', () => {
  const interfaces = [nic('eth0', '192.168.1.20'), nic('lo', '127.0.0.1', { internal: true })];

  it('lists every LAN address when listening on all of them', () => {
    expect(lanUrlsFor('0.0.0.0', 4310, interfaces)).toEqual(['http://192.168.1.20:4310']);
    expect(localUrlFor('0.0.0.0', 4310)).toBe('http://127.0.0.1:4310');
  });

  it('ranks with the default route it is given', () => {
    const two = [nic('eth0', '192.168.1.20'), nic('wlan0', '10.0.0.5')];
    expect(lanUrlsFor('0.0.0.0', 3000, two, 'wlan0')).toEqual([
      'http://10.0.0.5:3000',
      'http://192.168.1.20:3000',
    ]);
  });

  it('lists none when listening on loopback only: players could not connect', () => {
    expect(lanUrlsFor('127.0.0.1', 4310, interfaces)).toEqual([]);
    expect(lanUrlsFor('localhost', 4310, interfaces)).toEqual([]);
    expect(localUrlFor('127.0.0.1', 4310)).toBe('http://127.0.0.1:4310');
  });

  it('uses the one address the server listens on', () => {
    expect(lanUrlsFor('192.168.1.20', 4310, interfaces)).toEqual(['http://192.168.1.20:4310']);
    expect(localUrlFor('192.168.1.20', 4310)).toBe('http://192.168.1.20:4310');
  });
});
