import { useEffect } from 'react';
import { create } from 'zustand';
import type { AttentionItem } from '../../../shared/contracts/attention.js';
import type { LiveMessage } from '../../../shared/contracts/live.js';
import type { LogEntry } from '../../../shared/contracts/logs.js';
import type { GameServer } from '../../../shared/contracts/servers.js';
import { admin } from '../api/admin.js';
import { LiveConnection, type LiveStatus } from '../api/live.js';
import { errorText } from '../i18n/error-text.js';

export type PluginEventMessage = Extract<LiveMessage, { topic: 'plugin.event' }>;

export interface AdminLiveState {
  status: LiveStatus;
  /** undefined until the first load. */
  servers: GameServer[] | undefined;
  serversError: string | null;
  /** The latest plugin events, newest first (the server event monitor). */
  pluginEvents: PluginEventMessage[];
  /** App log lines that arrived live, oldest first (the log view loads the earlier ones itself). */
  logs: LogEntry[];
  /** The attention queue, oldest first; undefined until the first load. */
  attention: AttentionItem[] | undefined;
  attentionError: string | null;
  /** The item that appeared last while this page was open (the sound and the notice play for it). */
  lastRaised: AttentionItem | null;
}

const MAX_PLUGIN_EVENTS = 200;
const MAX_LOGS = 300;
/** Server changes come in bursts (health, status, holds): one reload after the burst. */
const RELOAD_DELAY_MS = 150;

const initial: AdminLiveState = {
  status: 'connecting',
  servers: undefined,
  serversError: null,
  pluginEvents: [],
  logs: [],
  attention: undefined,
  attentionError: null,
  lastRaised: null,
};

export const useAdminLive = create<AdminLiveState>(() => initial);

let connection: LiveConnection | null = null;
let users = 0;
let reloadTimer: ReturnType<typeof setTimeout> | undefined;

async function loadServers(): Promise<void> {
  try {
    const { servers } = await admin.listServers();
    useAdminLive.setState({ servers, serversError: null });
  } catch (err) {
    useAdminLive.setState({ serversError: errorText(err) });
  }
}

/** Reloads the server list soon; pages call it after their own changes too. */
export function refreshServers(): void {
  clearTimeout(reloadTimer);
  reloadTimer = setTimeout(() => void loadServers(), RELOAD_DELAY_MS);
}

async function loadAttention(): Promise<void> {
  try {
    const { items } = await admin.attention();
    useAdminLive.setState({ attention: items, attentionError: null });
  } catch (err) {
    useAdminLive.setState({ attentionError: errorText(err) });
  }
}

/** One change of the queue: a new item joins (once), an acknowledged one is replaced, a cleared one goes. */
function applyAttention(message: Extract<LiveMessage, { topic: 'attention' }>): void {
  useAdminLive.setState((s) => {
    const others = (s.attention ?? []).filter((i) => i.id !== message.item.id);
    const known = others.length !== (s.attention ?? []).length;
    if (message.change === 'cleared') {
      return { attention: others };
    }
    const attention = [...others, message.item].sort((a, b) => a.since - b.since || a.id - b.id);
    return message.change === 'raised' && !known ? { attention, lastRaised: message.item } : { attention };
  });
}

function apply(message: LiveMessage): void {
  switch (message.topic) {
    case 'hello':
    case 'resync':
      refreshServers();
      void loadAttention();
      return;
    case 'server':
      refreshServers();
      return;
    case 'attention':
      applyAttention(message);
      return;
    case 'plugin.event':
      useAdminLive.setState((s) => ({
        pluginEvents: [message, ...s.pluginEvents].slice(0, MAX_PLUGIN_EVENTS),
      }));
      return;
    case 'log':
      useAdminLive.setState((s) => ({ logs: [...s.logs, message.entry].slice(-MAX_LOGS) }));
      return;
    default:
      // Public topics: the pages read them from the public live store.
      return;
  }
}

function startAdminStream(): () => void {
  users += 1;
  if (!connection) {
    connection = new LiveConnection('/api/live/admin', {
      message: apply,
      status: (status) => useAdminLive.setState({ status }),
    });
  }
  return () => {
    users -= 1;
    if (users === 0) {
      connection?.close();
      connection = null;
      clearTimeout(reloadTimer);
      useAdminLive.setState(initial);
    }
  };
}

/** The admin live state (servers, plugin events, the attention queue), kept current over `/api/live/admin` while used. */
export function useAdminLiveData(): AdminLiveState {
  useEffect(startAdminStream, []);
  return useAdminLive();
}
