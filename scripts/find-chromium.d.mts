export declare const CHROMIUM_ARGS: string[];
export declare function findChromium(): Promise<{
  path: string;
  source: 'CHROMIUM_PATH' | 'npm package' | 'playwright' | 'system';
}>;
