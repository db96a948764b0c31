/** Messages from the server utility process to the Electron main process. */
export type ServerHostMessage =
  | { type: 'server-started'; port: number; lanUrls: string[]; dataDir: string; adminLinkToken: string }
  | { type: 'server-failed'; message: string };

/** Messages from the main process to the server utility process. */
export type ServerControlMessage = { type: 'stop' };
