import { z } from 'zod';

// zod probes `new Function` to compile faster parsers when a schema is built; the server's CSP forbids
// eval, so the probe would report a violation on every page. The interpreted parsers are fast enough here.
z.config({ jitless: true });
