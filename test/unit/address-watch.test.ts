import { describe, expect, it, vi } from 'vitest';
import { interfacesSignature, sameUrls, watchLanUrls } from '../../server/net/address-watch.js';
import type { InterfaceAddress } from '../../server/net/lan-address.js';

const nic = (name: string, address: string): InterfaceAddress => ({
  name,
  address,
  family: 'IPv4',
  internal: false,
});
const LOOPBACK: InterfaceAddress = { name: 'lo', address: '127.0.0.1', family: 'IPv4', internal: true };

/** A machine whose interfaces the test changes, as plugging into the event switch would. */
function machine(interfaces: InterfaceAddress[]) {
  const state = { interfaces, route: undefined as string | undefined };
  const onChange = vi.fn();
  const watch = (initial: string[]) =>
    watchLanUrls('0.0.0.0', 3000, initial, {
      onChange,
      readInterfaces: () => state.interfaces,
      routeInterface: async () => state.route,
      intervalMs: 60_000,
    });
  return { state, onChange, watch };
}

describe('watchLanUrls', () => {
  it('announces the address of a network joined after the start', async () => {
    const { state, onChange, watch } = machine([LOOPBACK]);
    const watcher = watch([]);
    await watcher.check();
    expect(onChange).not.toHaveBeenCalled();

    state.interfaces = [LOOPBACK, nic('Ethernet', '192.168.10.20')];
    await watcher.check();
    expect(onChange.mock.calls).toEqual([[['http://192.168.10.20:3000']]]);
    watcher.stop();
  });

  it('announces a new DHCP lease and the ranking of the default route, once per change', async () => {
    const { state, onChange, watch } = machine([nic('Wi-Fi', '10.0.0.5')]);
    const watcher = watch(['http://10.0.0.5:3000']);
    state.interfaces = [nic('Wi-Fi', '10.0.0.9'), nic('Ethernet', '192.168.1.4')];
    state.route = 'Ethernet';
    await watcher.check();
    await watcher.check();
    expect(onChange.mock.calls).toEqual([[['http://192.168.1.4:3000', 'http://10.0.0.9:3000']]]);
    watcher.stop();
  });

  it('stays quiet when an interface change leaves the players’ URLs as they were', async () => {
    const { state, onChange, watch } = machine([nic('Ethernet', '192.168.1.4')]);
    const watcher = watch(['http://192.168.1.4:3000']);
    state.interfaces = [nic('Ethernet', '192.168.1.4'), nic('docker0', '172.17.0.1')];
    await watcher.check();
    expect(onChange).not.toHaveBeenCalled();
    watcher.stop();
  });

  it('announces losing the network (no LAN address left)', async () => {
    const { state, onChange, watch } = machine([nic('Wi-Fi', '10.0.0.5')]);
    const watcher = watch(['http://10.0.0.5:3000']);
    state.interfaces = [LOOPBACK];
    await watcher.check();
    expect(onChange.mock.calls).toEqual([[[]]]);
    watcher.stop();
  });
});

describe('address comparison', () => {
  it('ignores the order the OS lists interfaces in, but not the order of URLs', () => {
    const a = nic('Ethernet', '192.168.1.4');
    const b = nic('Wi-Fi', '10.0.0.5');
    expect(interfacesSignature([a, b])).toBe(interfacesSignature([b, a]));
    expect(interfacesSignature([a])).not.toBe(interfacesSignature([a, b]));
    expect(sameUrls(['http://a', 'http://b'], ['http://a', 'http://b'])).toBe(true);
    expect(sameUrls(['http://a', 'http://b'], ['http://b', 'http://a'])).toBe(false);
    expect(sameUrls(['http://a'], [])).toBe(false);
  });
});
