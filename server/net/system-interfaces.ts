import dgram from 'node:dgram';
import os from 'node:os';
import { toInterfaceList, type InterfaceAddress } from './lan-address.js';

export function systemInterfaces(): InterfaceAddress[] {
  return toInterfaceList(os.networkInterfaces());
}

// A documentation address (RFC 5737): routed like any public one, never answered.
const OUTSIDE_ADDRESS = '198.51.100.1';
const ROUTE_LOOKUP_TIMEOUT_MS = 500;

/**
 * The name of the interface the default route leaves by, or undefined when there is none. Connecting a
 * UDP socket sends nothing; it only asks the kernel which local address it would use, on every OS.
 */
export function defaultRouteInterface(interfaces: readonly InterfaceAddress[]): Promise<string | undefined> {
  return new Promise((resolve) => {
    const socket = dgram.createSocket('udp4');
    const done = (name: string | undefined) => {
      clearTimeout(timer);
      socket.close();
      resolve(name);
    };
    const timer = setTimeout(() => done(undefined), ROUTE_LOOKUP_TIMEOUT_MS);
    socket.once('error', () => done(undefined));
    socket.connect(9, OUTSIDE_ADDRESS, () => {
      const local = socket.address().address;
      done(interfaces.find((i) => i.address === local)?.name);
    });
  });
}
