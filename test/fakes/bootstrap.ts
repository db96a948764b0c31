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
  /**
   * `debounced` (2.0.0): one fetch a while after the last change of URL or token.
   * `immediate` (1.4.21): each change fetches at once, unless a fetch runs or one started within
   * the anti-spam window.
   */
  rule: 'debounced' | 'immediate';
  /** Real milliseconds to wait after the last change of URL or token (`debounced`). */
  debounceMs: number;
  /** Real milliseconds after a fetch started in which no other starts (plugin start, `immediate`). */
  antiSpamMs: number;
  tokenHeader: string;
  target: () => { url: string; token: string; serverId: string };
  /** Runs one console line. */
  execute: (line: string) => Promise<string>;
  warn: (message: string) => void;
  onFetch: (fetch: BootstrapFetch) => void;
  signal: AbortSignal;
  /** URL prefixes the server cannot reach: a fetch there fails as unreachable. */
  unreachable: readonly string[];
}

/**
 * Fetches the bootstrap URL with the token and runs the commands it returns (PROTOCOL.md 3.5).
 * 2.0.0 waits 1.5 s after the last change of URL or token, so the order the service sends them in
 * does not matter (Auto-Tournament/MatchZy-Enhanced src/BootstrapFetchDebouncer.cs). 1.4.21 fetches
 * at once with the values stored at that moment, but never while a fetch runs or within 5 s of
 * the last one: a second command in that window fetches nothing (sivert-io/MatchZy-Enhanced
 * src/BootstrapConfig.cs, TryBootstrapFetch).
 */
export class Bootstrapper {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();
  private inProgress = false;
  private lastAttemptAt: number | undefined;

  constructor(private readonly deps: BootstrapDeps) {
    deps.signal.addEventListener('abort', () => clearTimeout(this.timer), { once: true });
  }

  /** The URL or the token changed. */
  changed(): void {
    if (this.deps.rule === 'immediate') {
      this.tryFetch();
      return;
    }
    clearTimeout(this.timer);
    if (this.deps.signal.aborted) {
      return;
    }
    this.timer = setTimeout(() => void this.fetchNow(), this.deps.debounceMs);
  }

  /**
   * Plugin start: the stored values are fetched (both versions guard it with the 5 s anti-spam,
   * 2.0.0 src/BootstrapConfig.cs TryBootstrapFetch). A debounced fetch waits for one still running.
   */
  start(): void {
    if (this.deps.rule === 'immediate') {
      this.tryFetch();
      return;
    }
    if (this.spamGuardPasses()) {
      void this.fetchNow();
    }
  }

  /** Fetches after any fetch still running (a debounced timer firing). */
  private fetchNow(): Promise<void> {
    this.running = this.running.then(() => this.fetch());
    return this.running;
  }

  /** 1.4.21: nothing when a fetch runs, URL or token is empty, or the last one is under 5 s old. */
  private tryFetch(): void {
    const { url, token } = this.deps.target();
    if (this.inProgress || !url || !token || !this.spamGuardPasses()) {
      return;
    }
    this.inProgress = true;
    this.running = this.fetch().finally(() => {
      this.inProgress = false;
    });
  }

  /** Stamps the attempt when it may go ahead, as the plugin does before fetching. */
  private spamGuardPasses(): boolean {
    const { url, token } = this.deps.target();
    if (!url || !token) {
      return false;
    }
    const now = Date.now();
    if (this.lastAttemptAt !== undefined && now - this.lastAttemptAt < this.deps.antiSpamMs) {
      return false;
    }
    this.lastAttemptAt = now;
    return true;
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
        unreachable: this.deps.unreachable,
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
