import type { Express } from 'express';

interface Layer {
  route?: { path: string | RegExp; methods: Record<string, boolean> };
  /** A router, or the route table's dispatch to its family routers. */
  handle?: { stack?: Layer[]; families?: Map<string, { stack: Layer[] }> };
}

/** `METHOD /path` of every route Express really serves (nested routers included), in OpenAPI form. */
export function expressRoutes(app: Express): string[] {
  const out: string[] = [];
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        const path = layer.route.path;
        if (typeof path !== 'string') {
          // The web app's catch-all (a RegExp) is not an API route.
          continue;
        }
        for (const method of Object.keys(layer.route.methods)) {
          out.push(`${method.toUpperCase()} ${path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`);
        }
      } else if (layer.handle?.stack) {
        walk(layer.handle.stack);
      } else if (layer.handle?.families) {
        walk([...layer.handle.families.values()].flatMap((router) => router.stack));
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack);
  return out;
}
