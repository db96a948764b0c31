import net from 'node:net';

/** Listening failed because another program holds the port; carries the next free one to offer. */
export class PortTakenError extends Error {
  override name = 'PortTakenError';

  constructor(
    readonly port: number,
    readonly nextFreePort: number | undefined,
  ) {
    super(
      `Port ${port} is taken by another program (or another Matchday).` +
        (nextFreePort === undefined
          ? ' No free port was found just above it; choose another one.'
          : ` Port ${nextFreePort} is free.`),
    );
  }
}

function canListen(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

const PORTS_TRIED = 20;

/** The first port above `taken` that can be listened on now (the next ones tried in order), if any. */
export async function nextFreePort(taken: number, host: string): Promise<number | undefined> {
  for (let port = taken + 1; port <= Math.min(taken + PORTS_TRIED, 65535); port++) {
    if (await canListen(port, host)) {
      return port;
    }
  }
  return undefined;
}
