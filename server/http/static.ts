import fs from 'node:fs';
import path from 'node:path';
import express, { type Router } from 'express';
import { appRoot } from '../app-root.js';

/** Where `vite build` puts the web app. */
export function defaultRendererDir(): string {
  return path.join(appRoot(), 'out/renderer');
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
