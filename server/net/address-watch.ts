/** Notices when the laptop's LAN addresses change (plugged into the event switch, a new DHCP lease). */
import { lanUrlsFor, type InterfaceAddress } from './lan-address.js';
import { defaultRouteInterface, systemInterfaces } from './system-interfaces.js';

export const ADDRESS_POLL_MS = 5000;

export interface AddressWatchOptions {
  /** Called with the new URLs, best first, each time they differ from the last ones. */
  onChange(lanUrls: string[]): void;
  readInterfaces?: () => InterfaceAddress[];
  routeInterface?: (interfaces: readonly InterfaceAddress[]) => Promise<string | undefined>;
  intervalMs?: number;
}

/** What identifies a set of interfaces: reading them is cheap, the default-route lookup is not. */
export function interfacesSignature(interfaces: readonly InterfaceAddress[]): string {
  return interfaces
    .map((i) => `${i.name}|${i.address}|${i.internal}`)
    .sort()
    .join(',');
}

export function sameUrls(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((url, index) => url === b[index]);
}

/**
 * Polls the network interfaces and works the LAN URLs out again when they changed. There is no portable
 * change event in Node, and reading the interfaces is a cheap system call.
 */
export function watchLanUrls(
  host: string,
  port: number,
  initial: readonly string[],
  {
    onChange,
    readInterfaces = systemInterfaces,
    routeInterface = defaultRouteInterface,
    intervalMs = ADDRESS_POLL_MS,
  }: AddressWatchOptions,
): { check(): Promise<void>; stop(): void } {
  let current = [...initial];
  let signature = interfacesSignature(readInterfaces());
  let checking: Promise<void> | undefined;
  const compare = async () => {
    const interfaces = readInterfaces();
    const next = interfacesSignature(interfaces);
    if (next === signature) {
      return;
    }
    signature = next;
    const urls = lanUrlsFor(host, port, interfaces, await routeInterface(interfaces));
    if (!sameUrls(urls, current)) {
      current = urls;
      onChange(urls);
    }
  };
  const check = () => {
    checking ??= compare().finally(() => (checking = undefined));
    return checking;
  };
  const timer = setInterval(() => void check(), intervalMs);
  timer.unref();
  return { check, stop: () => clearInterval(timer) };
}
