import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import type { z } from 'zod';
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import type { Access, Principal } from '../auth/principal.js';
import { errorBodySchema } from '../../shared/contracts/errors.js';
import { AppError } from '../errors.js';
import { zodDetails } from './zod-details.js';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type AnyObject = z.ZodType<Record<string, unknown>>;

export interface HandlerContext<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  principal: Principal | null;
  req: Request;
  res: Response;
}

export interface RouteDefinition<
  P extends AnyObject = AnyObject,
  Q extends AnyObject = AnyObject,
  B extends z.ZodType = z.ZodType,
> {
  method: Method;
  /** Express path (`/api/teams/:id`); documented as `/api/teams/{id}`. */
  path: string;
  access: Access;
  summary: string;
  tag: string;
  params?: P;
  query?: Q;
  body?: B;
  /** Documented body when the runtime check is looser (one-or-many bodies validated per item). */
  bodyDoc?: z.ZodType;
  response?: z.ZodType;
  /** Status of a success answer; 200 unless given. */
  status?: number;
  /** The body is read by the handler itself (streams); no JSON parsing. */
  rawBody?: boolean;
  /** Documentation of a non-JSON answer (file downloads, HTML): its media type(s). */
  produces?: string | string[];
  /** Documentation of a non-JSON raw body (file uploads): its media type(s). */
  consumes?: string | string[];
  /**
   * Returns the JSON payload to send, or undefined when the handler answered itself
   * (streams, redirects). It may set `ctx.res.status()` first (207 for partial batches).
   */
  handler: (ctx: HandlerContext<z.infer<P>, z.infer<Q>, z.infer<B>>) => unknown;
}

/** An answer already serialised to JSON (a cached list): sent as is. */
export class JsonText {
  constructor(readonly text: string) {}
}

/** Identity function that gives a route definition its inferred types. */
export function defineRoute<P extends AnyObject, Q extends AnyObject, B extends z.ZodType>(
  def: RouteDefinition<P, Q, B>,
): RouteDefinition<P, Q, B> {
  return def;
}

/**
 * Under test every answer is checked for a promise inside it: a forgotten `await` in a handler would
 * otherwise answer `{}` where the value belongs (the compiler cannot see it: a handler answers unknown).
 */
const CHECK_FOR_PROMISES = process.env.VITEST !== undefined;
function refusePromises(key: string, value: unknown): unknown {
  if (value instanceof Promise) {
    throw new Error(`The answer holds a Promise at "${key}": an await is missing in the handler.`);
  }
  return value;
}

/**
 * Sends a JSON answer. Only a GET gets an ETag (hashing the body): a browser asks again conditionally for a
 * GET alone, and a plugin posting hundreds of events a second pays for nothing it uses.
 */
function answerJson(method: Method, res: Response, text: string): void {
  res.type('json');
  if (method === 'get') {
    res.send(text);
    return;
  }
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}

const JSON_BODY_LIMIT = '1mb';
const jsonParser = express.json({ limit: JSON_BODY_LIMIT, strict: false });

export function toOpenApiPath(expressPath: string): string {
  return expressPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

const SECURITY: Record<Access, Record<string, string[]>[] | undefined> = {
  public: undefined,
  read: [{ bearerToken: [] }, { apiTokenHeader: [] }, { sessionCookie: [] }],
  admin: [{ bearerToken: [] }, { apiTokenHeader: [] }, { sessionCookie: [] }],
  'admin-secrets': [{ bearerToken: [] }, { apiTokenHeader: [] }, { sessionCookie: [] }],
  integrator: [{ bearerToken: [] }, { apiTokenHeader: [] }],
  'signed-in': [{ bearerToken: [] }, { apiTokenHeader: [] }, { sessionCookie: [] }],
  server: [{ pluginToken: [] }],
  'server-or-admin': [
    { pluginToken: [] },
    { bearerToken: [] },
    { apiTokenHeader: [] },
    { sessionCookie: [] },
  ],
  events: [{ pluginToken: [] }],
  bootstrap: [{ pluginToken: [] }],
  report: [{ pluginToken: [] }],
};

/** Where a string holding U+0000 sits in a parsed request part (PostgreSQL cannot store one). */
function nulCharacterAt(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') {
    return value.includes('\u0000') ? path : undefined;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, inner] of Object.entries(value)) {
      const found = nulCharacterAt(inner, path ? `${path}.${key}` : key);
      if (found !== undefined) {
        return found;
      }
    }
  }
  return undefined;
}

/** Validates one part of a request; a failure is a 400 VALIDATION_FAILED naming the first bad field. */
export function parsePart<T>(schema: z.ZodType<T> | undefined, value: unknown, where: string): T {
  const nul = nulCharacterAt(value, '');
  if (nul !== undefined) {
    const field = nul || where;
    throw new AppError(
      'VALIDATION_FAILED',
      400,
      `Invalid ${where}: ${field}: text must not contain a NUL character.`,
      [{ path: nul, message: 'text must not contain a NUL character' }],
    );
  }
  if (!schema) {
    return value as T;
  }
  const result = schema.safeParse(value);
  if (!result.success) {
    const details = zodDetails(result.error);
    const first = details[0];
    const summary = first ? `${first.path || where}: ${first.message}` : 'the request is not valid';
    throw new AppError('VALIDATION_FAILED', 400, `Invalid ${where}: ${summary}.`, details);
  }
  return result.data;
}

/**
 * The family of a path: `/api/<name>` or `/<name>`, lower-cased (Express matches paths whatever their
 * case). Every route of a family lives in one router.
 */
function familyOf(path: string): string {
  const [, first = '', second = ''] = path.toLowerCase().split('/', 3);
  return first === 'api' ? `/api/${second}` : `/${first}`;
}

/**
 * Registers routes on Express and in the OpenAPI registry together, so the docs cannot drift from
 * the routes; a second registration of the same method and path throws at start-up.
 */
export class RouteTable {
  private readonly seen = new Set<string>();
  /** One router per path family: a request walks its family's few routes, not all 150. */
  private readonly families = new Map<string, Router>();

  constructor(
    router: Router,
    private readonly registry: OpenAPIRegistry,
    private readonly guardFor: (access: Access) => RequestHandler,
  ) {
    const dispatch: RequestHandler = (req, res, next) => {
      const family = this.families.get(familyOf(req.path));
      if (family) {
        family(req, res, next);
      } else {
        next();
      }
    };
    // Named on the middleware for whoever walks Express's stack for its routes (the docs test).
    router.use(Object.assign(dispatch, { families: this.families }));
  }

  private familyRouter(path: string): Router {
    const family = familyOf(path);
    if (/[:*(?]/.test(family)) {
      throw new Error(`Route ${path} has a parameter in its family (${family}).`);
    }
    let router = this.families.get(family);
    if (!router) {
      router = express.Router();
      this.families.set(family, router);
    }
    return router;
  }

  add<P extends AnyObject, Q extends AnyObject, B extends z.ZodType>(def: RouteDefinition<P, Q, B>): void {
    const key = `${def.method.toUpperCase()} ${def.path}`;
    if (this.seen.has(key)) {
      throw new Error(`Route ${key} is registered twice.`);
    }
    this.seen.add(key);
    this.document(def);

    const handlers: RequestHandler[] = [this.guardFor(def.access)];
    if (def.body && !def.rawBody) {
      handlers.push(jsonParser);
    }
    handlers.push(async (req, res) => {
      const ctx = {
        params: parsePart(def.params, req.params, 'path') as z.infer<P>,
        query: parsePart(def.query, req.query, 'query') as z.infer<Q>,
        body: parsePart(def.body, def.rawBody ? undefined : req.body, 'body') as z.infer<B>,
        principal: req.principal,
        req,
        res,
      };
      const payload = await def.handler(ctx);
      if (payload !== undefined && !res.headersSent) {
        if (res.statusCode === 200 && def.status) {
          res.status(def.status);
        }
        const text =
          payload instanceof JsonText
            ? payload.text
            : JSON.stringify(payload, CHECK_FOR_PROMISES ? refusePromises : undefined);
        answerJson(def.method, res, text);
      }
    });
    this.familyRouter(def.path)[def.method](def.path, ...handlers);
  }

  private document(def: RouteDefinition<AnyObject, AnyObject, z.ZodType>): void {
    const status = String(def.status ?? 200);
    const binary = (types: string | string[], schema: { type: 'string'; format?: 'binary' }) =>
      Object.fromEntries([types].flat().map((type) => [type, { schema }]));
    const success = def.produces
      ? { description: 'Success', content: binary(def.produces, { type: 'string' }) }
      : def.response
        ? { description: 'Success', content: { 'application/json': { schema: def.response } } }
        : { description: 'Success' };
    const error = { description: 'Error', content: { 'application/json': { schema: errorBodySchema } } };
    this.registry.registerPath({
      method: def.method,
      path: toOpenApiPath(def.path),
      summary: def.summary,
      tags: [def.tag],
      security: SECURITY[def.access],
      'x-access': def.access,
      request: {
        params: def.params as z.ZodObject | undefined,
        query: def.query as z.ZodObject | undefined,
        body: def.consumes
          ? { content: binary(def.consumes, { type: 'string', format: 'binary' }), required: true }
          : def.bodyDoc || (def.body && !def.rawBody)
            ? { content: { 'application/json': { schema: (def.bodyDoc ?? def.body)! } }, required: true }
            : undefined,
      },
      responses: { [status]: success, '4XX': error },
    });
  }
}
