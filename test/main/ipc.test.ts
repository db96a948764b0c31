import { readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { IPC_CHANNELS, type DesktopApi } from '../../shared/ipc.js';

type Handler = (event: { senderFrame: { url: string } | null }, ...args: unknown[]) => unknown;

const electron = vi.hoisted(() => ({
  handlers: new Map<string, Handler>(),
  openExternal: vi.fn(async () => undefined),
  openPath: vi.fn(async () => ''),
}));

vi.mock('electron', () => ({
  ipcMain: { handle: (channel: string, handler: Handler) => electron.handlers.set(channel, handler) },
  shell: { openExternal: electron.openExternal, openPath: electron.openPath },
}));

const { registerIpc } = await import('../../main/ipc.js');

const ORIGIN = 'http://127.0.0.1:4310';
const info = { version: '1.0.0', lanUrls: [], dataDir: '/data', updateStatus: 'idle' as const };
const fromApp = { senderFrame: { url: `${ORIGIN}/admin` } };

function invoke(channel: string, event: Parameters<Handler>[0], ...args: unknown[]) {
  const handler = electron.handlers.get(channel);
  if (!handler) {
    throw new Error(`no handler for ${channel}`);
  }
  return handler(event, ...args);
}

describe('registerIpc', () => {
  beforeEach(() => {
    electron.handlers.clear();
    vi.clearAllMocks();
    registerIpc({ serverOrigin: () => ORIGIN, info: () => info });
  });

  it('registers exactly one handler per channel', () => {
    expect([...electron.handlers.keys()].sort()).toEqual(Object.values(IPC_CHANNELS).sort());
  });

  it('answers the app page and refuses any other page', () => {
    expect(invoke(IPC_CHANNELS.appInfo, fromApp)).toEqual(info);
    expect(() => invoke(IPC_CHANNELS.appInfo, { senderFrame: { url: 'https://evil.example/' } })).toThrow(
      /untrusted/,
    );
    expect(() => invoke(IPC_CHANNELS.appInfo, { senderFrame: null })).toThrow(/untrusted/);
  });

  it('opens only safe links in the system browser', async () => {
    await invoke(IPC_CHANNELS.openExternal, fromApp, 'https://example.com/');
    expect(electron.openExternal).toHaveBeenCalledWith('https://example.com/');
    expect(() => invoke(IPC_CHANNELS.openExternal, fromApp, 'file:///etc/passwd')).toThrow();
    expect(() => invoke(IPC_CHANNELS.openExternal, fromApp)).toThrow();
    expect(electron.openExternal).toHaveBeenCalledTimes(1);
  });

  it('shows the data folder', async () => {
    await invoke(IPC_CHANNELS.showDataFolder, fromApp);
    expect(electron.openPath).toHaveBeenCalledWith('/data');
  });
});

describe('preload', () => {
  it('exposes named functions that call the main process on the shared channels', async () => {
    const exposed: Record<string, unknown> = {};
    const invoked: unknown[][] = [];
    const fakeElectron = {
      contextBridge: { exposeInMainWorld: (key: string, api: unknown) => (exposed[key] = api) },
      ipcRenderer: { invoke: async (...args: unknown[]) => invoked.push(args) },
    };
    // The compiled preload, run as Electron runs a sandboxed preload: CommonJS with a limited require.
    const source = readFileSync(path.resolve('out/main/preload.cjs'), 'utf8');
    const module = { exports: {} };
    vm.runInNewContext(source, {
      module,
      exports: module.exports,
      require: (id: string) => {
        if (id !== 'electron') {
          throw new Error(`a sandboxed preload cannot require ${id}`);
        }
        return fakeElectron;
      },
    });
    const desktop = exposed.desktop as DesktopApi;
    await desktop.getInfo();
    await desktop.openInBrowser('https://example.com');
    await desktop.showDataFolder();
    expect(invoked).toEqual([
      [IPC_CHANNELS.appInfo],
      [IPC_CHANNELS.openExternal, 'https://example.com'],
      [IPC_CHANNELS.showDataFolder],
    ]);
  });
});
