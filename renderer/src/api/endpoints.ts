import type { Me } from '../../../shared/contracts/auth.js';
import type { CreateTeam, Team, UpdateTeam } from '../../../shared/contracts/teams.js';
import { api } from './client.js';

export interface Health {
  status: string;
  version: string;
}

export interface SavedTeam {
  team: Team;
  warnings: string[];
}

/** The typed calls the web app makes; one function per endpoint. */
export const endpoints = {
  health: () => api<Health>('GET', '/health'),
  me: () => api<Me>('GET', '/api/auth/me'),
  logout: () => api<{ success: true }>('POST', '/api/auth/logout'),
  listTeams: () => api<{ teams: Team[]; count: number }>('GET', '/api/teams'),
  createTeam: (team: CreateTeam) => api<SavedTeam>('POST', '/api/teams', team),
  updateTeam: (id: string, patch: UpdateTeam) =>
    api<SavedTeam>('PUT', `/api/teams/${encodeURIComponent(id)}`, patch),
  deleteTeam: (id: string) => api<{ success: true }>('DELETE', `/api/teams/${encodeURIComponent(id)}`),
};
