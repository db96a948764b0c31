import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import express, { type Express, type Request, type RequestHandler, type Response } from 'express';
import { pinoHttp } from 'pino-http';
import type { AppContext } from '../context.js';
import { createRegistry, buildOpenApiDocument, docsRouter } from '../openapi/docs.js';
import { authenticate, guard, type AuthDeps } from './middleware/auth.js';
import { apiNotFound, errorHandler } from './middleware/error.js';
import { securityHeaders } from './middleware/security-headers.js';
import { RouteTable } from './route.js';
import { webAppRouter } from './static.js';
import './request-types.js';

export interface HttpAppOptions {
  auth: AuthDeps;
  rendererDir: string;
  register: (routes: RouteTable) => void;
  /**
   * Long-lived streams (the live streams): no request line and no request logger, which would stay
   * alive with every viewer and log every phone that leaves; their hub logs viewers itself.
   */
  streamPaths?: readonly string[];
}

/** The Express app: request ids and logging, docs, the API, the web app, one error handler. */
export function createHttpApp(ctx: AppContext, options: HttpAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', ctx.config.trustProxy);
  app.use(securityHeaders);
  // Below info no request line would be written: then only the request id, not a logger per request.
  if (ctx.logger.isLevelEnabled('info')) {
    const streams = new Set(options.streamPaths);
    const logRequest = requestLogger(ctx);
    app.use((req, res, next) => (streams.has(req.path) ? requestIdOnly : logRequest)(req, res, next));
  } else {
    app.use(requestIdOnly);
  }

  const registry = createRegistry();
  const apiRouter = express.Router();
  apiRouter.use(authenticate(options.auth));
  const routes = new RouteTable(apiRouter, registry, (access) => guard(access, options.auth));
  options.register(routes);

  app.use(docsRouter(() => buildOpenApiDocument(registry, ctx.version)));
  app.use(apiRouter);
  app.use('/api', apiNotFound);
  app.use(webAppRouter(options.rendererDir));
  app.use(errorHandler(ctx.logger));
  return app;
}

function describeCaller(principal: NonNullable<Express.Request['principal']>): string {
  return principal.kind === 'token' ? `token:${principal.label}` : `session:${principal.role}`;
}

/** Gives the answer an X-Request-Id (also for a request answered without Express) and returns it. */
export const newRequestId = (res: ServerResponse) => {
  const id = randomUUID();
  res.setHeader('X-Request-Id', id);
  return id;
};

/** One log line per request (method, path without the query, status, caller), with its request id. */
function requestLogger(ctx: AppContext) {
  return pinoHttp<Request, Response>({
    logger: ctx.logger,
    genReqId: (_req, res) => newRequestId(res),
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : 'info'),
    // Paths only: query strings can carry one-time tokens.
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({
        id: req.id,
        method: req.method,
        path: req.url.split('?')[0],
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    customProps: (req) => (req.principal ? { auth: describeCaller(req.principal) } : {}),
  });
}

const requestIdOnly: RequestHandler = (req, res, next) => {
  req.id = newRequestId(res);
  next();
};
