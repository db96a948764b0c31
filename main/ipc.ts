import { ipcMain, shell, type IpcMainInvokeEvent } from 'electron';
import type { z } from 'zod';
import { IPC_CHANNELS, type DesktopInfo } from '../shared/ipc.js';
import { isTrustedSender, noArgs, openExternalArgs } from './ipc-validation.js';

export interface IpcDeps {
  serverOrigin(): string;
  info(): DesktopInfo;
}

/** One named handler per channel; each checks its sender and its arguments. */
export function registerIpc(deps: IpcDeps): void {
  const handle = <A extends unknown[]>(
    channel: string,
    args: z.ZodType<A>,
    handler: (...parsed: A) => unknown,
  ) => {
    ipcMain.handle(channel, (event: IpcMainInvokeEvent, ...raw: unknown[]) => {
      if (!isTrustedSender(event.senderFrame?.url ?? '', deps.serverOrigin())) {
        throw new Error(`${channel}: refused for an untrusted page.`);
      }
      return handler(...args.parse(raw));
    });
  };
  handle(IPC_CHANNELS.appInfo, noArgs, () => deps.info());
  handle(IPC_CHANNELS.openExternal, openExternalArgs, (url) => shell.openExternal(url));
  handle(IPC_CHANNELS.showDataFolder, noArgs, () =>
    shell.openPath(deps.info().dataDir).then(() => undefined),
  );
}
