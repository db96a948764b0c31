import { isSuccess, sendRequest } from './http-out.js';

/** One bootstrap fetch as the fake made it. */
export interface BootstrapFetch {
  url: string;
  headers: Record<string, string>;
  outcome: number | 'error';
  /** The commands it ran (none when the answer was refused or unusable). */
  commands: string[];
}

export interface BootstrapDeps {
  /** Real milliseconds to wait after the last change of URL or token. */
  debounceMs: number;
  tokenHeader: string;
  target: () => { url: string; token: string; serverId: string };
  /** Runs one console line. */
  execute: (line: string) => Promise<string>;
  warn: (message: string) => void;
  onFetch: (fetch: BootstrapFetch) => void;
  signal: AbortSignal;
}

/**
 * Fetches the bootstrap URL with the token and runs the commands it returns (PROTOCOL.md 3.5), as
 * later plugin versions do: one fetch about 1.5 s after the last change of URL or token, so the
 * order the service sends them in cannot make the plugin fetch with a stale token.
 */
export class Bootstrapper {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();

  constructor(private readonly deps: BootstrapDeps) {
    deps.signal.addEventListener('abort', () => clearTimeout(this.timer), { once: true });
  }

  /** The URL or the token changed: (re)start the wait. */
  changed(): void {
    clearTimeout(this.timer);
    if (this.deps.signal.aborted) {
      return;
    }
    this.timer = setTimeout(() => void this.fetchNow(), this.deps.debounceMs);
  }

  /** Fetches at once (plugin start), after any fetch still running. */
  fetchNow(): Promise<void> {
    this.running = this.running.then(() => this.fetch());
    return this.running;
  }

  async settled(): Promise<void> {
    await this.running;
  }

  private async fetch(): Promise<void> {
    const { url, token, serverId } = this.deps.target();
    if (!url || !token || this.deps.signal.aborted) {
      return;
    }
    const headers = { [this.deps.tokenHeader]: token };
    let outcome: number | 'error' = 'error';
    let commands: string[] = [];
    try {
      const response = await sendRequest({
        method: 'GET',
        url,
        headers,
        signal: this.deps.signal,
        timeoutMs: 100_000,
      });
      outcome = response.status;
      if (isSuccess(response.status)) {
        const payload = parsePayload(response.body);
        commands = (payload?.commands ?? []).filter((command) => command.trim() !== '');
        if (payload?.serverId !== undefined && payload.serverId !== serverId) {
          this.deps.warn(
            `[Bootstrap] Warning: bootstrap answered for server id '${payload.serverId}' but this server is '${serverId}'; applying it anyway`,
          );
        }
      }
    } catch {
      // Unreachable: nothing applied, as the plugin logs and moves on.
    }
    this.deps.onFetch({ url, headers, outcome, commands });
    for (const command of commands) {
      await this.deps.execute(command);
    }
  }
}

function parsePayload(body: string): { serverId?: string; commands?: string[] } | undefined {
  try {
    const json = JSON.parse(body) as { serverId?: unknown; commands?: unknown };
    return {
      serverId: typeof json.serverId === 'string' ? json.serverId : undefined,
      commands: Array.isArray(json.commands)
        ? json.commands.filter((item) => typeof item === 'string')
        : undefined,
    };
  } catch {
    return undefined;
  }
}
