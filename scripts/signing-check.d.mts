export declare function signingReport(
  platform: NodeJS.Platform,
  env: Record<string, string | undefined>,
): { platform: NodeJS.Platform; signed: boolean; notarized: boolean; problems: string[] };
