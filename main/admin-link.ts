/**
 * The one-time links that sign a desktop window in as admin. Each works once: the handshake's link
 * signs in the first window, and every later window (re-created after a close) asks the server for its own.
 */
export class AdminLinks {
  private unused: string | undefined;

  constructor(private readonly mint: () => Promise<string>) {}

  /** A (re)started server's handshake brings a link nobody has used yet. */
  offer(token: string): void {
    this.unused = token;
  }

  /** A link for one window; undefined when the server cannot give one (the window then shows sign-in). */
  async take(): Promise<string | undefined> {
    const token = this.unused;
    this.unused = undefined;
    if (token) {
      return token;
    }
    try {
      return await this.mint();
    } catch {
      return undefined;
    }
  }
}

/** Where a new window starts: signed in through its link, or the console (which asks to sign in). */
export function windowStartUrl(origin: string, token: string | undefined): string {
  return token ? `${origin}/api/auth/admin-link/${token}` : `${origin}/admin`;
}
