import express, { type Router } from 'express';
import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';

export function createRegistry(): OpenAPIRegistry {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'bearerToken', { type: 'http', scheme: 'bearer' });
  registry.registerComponent('securitySchemes', 'apiTokenHeader', {
    type: 'apiKey',
    in: 'header',
    name: 'X-API-Token',
  });
  registry.registerComponent('securitySchemes', 'pluginToken', {
    type: 'apiKey',
    in: 'header',
    name: 'X-Plugin-Token',
  });
  registry.registerComponent('securitySchemes', 'sessionCookie', {
    type: 'apiKey',
    in: 'cookie',
    name: 'matchday_session',
  });
  return registry;
}

export function buildOpenApiDocument(registry: OpenAPIRegistry, version: string) {
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Matchday API',
      version,
      description:
        'Everything the Matchday web app does goes through this API. Admin routes take an API token ' +
        '(`Authorization: Bearer <token>` or `X-API-Token`) or an admin session; `x-access` names the access.',
    },
  });
}

/**
 * `/api-docs` (Swagger UI, served from the installed package: works offline) and `/api-docs.json`.
 * Swagger UI is loaded on first use: it is the heaviest import and most starts never need it.
 */
export function docsRouter(document: () => object): Router {
  const router = express.Router();
  // Built once, on first request, after every route is registered.
  let cached: object | undefined;
  router.get('/api-docs.json', (_req, res) => {
    cached ??= document();
    res.json(cached);
  });
  let swaggerUi: Promise<Router> | undefined;
  const loadSwaggerUi = async (): Promise<Router> => {
    const { default: ui } = await import('swagger-ui-express');
    const options = { swaggerOptions: { url: '/api-docs.json' } };
    // swagger-ui-express redirects /api-docs to /api-docs/ and serves its assets from there.
    const docs = express.Router();
    docs.use(
      ui.serveFiles(undefined, options),
      ui.setup(undefined, { customSiteTitle: 'Matchday API', ...options }),
    );
    return docs;
  };
  router.use('/api-docs', async (req, res, next) => {
    swaggerUi ??= loadSwaggerUi();
    (await swaggerUi)(req, res, next);
  });
  return router;
}
