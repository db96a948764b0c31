import { create } from 'zustand';
import type { Me } from '../../../shared/contracts/auth.js';
import { endpoints } from '../api/endpoints.js';

type AdminState =
  | { status: 'loading' }
  | { status: 'admin'; me: Me }
  | { status: 'not-admin'; signedIn: boolean }
  | { status: 'error'; error: unknown };

interface SessionState {
  admin: AdminState;
  checkAdmin(): Promise<void>;
  /** Who this browser is signed in as (undefined until asked; players' pages use it). */
  me: Me | undefined;
  loadMe(): Promise<Me>;
  signedIn(me: Me): void;
}

export const useSession = create<SessionState>((set) => ({
  admin: { status: 'loading' },
  me: undefined,
  async loadMe() {
    const me = await endpoints.me();
    set({ me });
    return me;
  },
  signedIn(me) {
    set({ me });
  },
  async checkAdmin() {
    // /api/auth/me answers everyone, so a visitor who is not signed in causes no failed request.
    try {
      const me = await endpoints.me();
      set({
        admin:
          me.role === 'admin' ? { status: 'admin', me } : { status: 'not-admin', signedIn: me.authenticated },
      });
    } catch (err) {
      set({ admin: { status: 'error', error: err } });
    }
  },
}));
