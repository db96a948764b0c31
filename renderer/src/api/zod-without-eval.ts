// The web app's `zod` (vite.config.ts aliases the bare import here): zod as it is, configured before any
// module that imports it builds or runs a schema. zod probes `new Function` to compile faster parsers; the
// server's CSP forbids eval, so the probe would report a violation on every page. The interpreted parsers
// are fast enough here. An alias rather than an import at the top of main.tsx: the bundler may put zod
// and the schemas in a shared chunk that runs before the entry's own modules.
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
export { z, z as default } from 'zod/v4';
