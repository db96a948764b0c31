import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express, { type Router } from 'express';

/** Where `vite build` puts the web app, relative to this file in source and in out/. */
export function defaultRendererDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../../renderer'), path.resolve(here, '../../out/renderer')];
  return candidates.find((dir) => fs.existsSync(path.join(dir, 'index.html'))) ?? candidates[0]!;
}

const NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>Matchday</title>
<body style="font-family:sans-serif;background:#111;color:#eee;padding:2rem">
<h1>Matchday</h1><p>The web app is not built yet. Run <code>npm run build</code>, then reload.</p>
<p>The API works: <a style="color:#8cf" href="/api-docs">/api-docs</a>.</p></body>`;

/**
 * The web app: hashed assets cached for a long time, every other path answers index.html so that
 * links shared on the LAN (/bracket, /admin/teams) work on a fresh load.
 */
export function webAppRouter(rendererDir: string): Router {
  const router = express.Router();
  const indexFile = path.join(rendererDir, 'index.html');
  router.use(
    '/assets',
    express.static(path.join(rendererDir, 'assets'), { immutable: true, maxAge: '365d', fallthrough: false }),
  );
  router.use(express.static(rendererDir, { index: false }));
  router.get(/.*/, (_req, res) => {
    if (!fs.existsSync(indexFile)) {
      res.type('html').send(NOT_BUILT);
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexFile);
  });
  return router;
}
