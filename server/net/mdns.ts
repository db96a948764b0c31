/** The optional mDNS name (off by default): players may open http://<name>.local:<port> instead of an address. */

export function mdnsUrl(name: string, port: number): string {
  return `http://${name.toLowerCase()}.local:${port}`;
}

/**
 * Announces the web app as `<name>.local` (an A record answered for every LAN address, plus an _http._tcp
 * service so browsers' service lists show it). bonjour-service is loaded only when asked for.
 */
export async function announceMdns(
  name: string,
  port: number,
): Promise<{ url: string; stop(): Promise<void> }> {
  const { Bonjour } = await import('bonjour-service');
  const bonjour = new Bonjour();
  bonjour.publish({ name: `Matchday (${name})`, type: 'http', port, host: `${name.toLowerCase()}.local` });
  return {
    url: mdnsUrl(name, port),
    stop: () =>
      new Promise<void>((resolve) => {
        bonjour.unpublishAll(() => {
          bonjour.destroy();
          resolve();
        });
      }),
  };
}
