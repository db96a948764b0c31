import type { TestServer } from './server.js';

export interface DocumentedOperation {
  method: string;
  /** OpenAPI path, `/api/teams/{id}`. */
  path: string;
  access: string;
}

/** Every operation that `/api-docs.json` lists, with its `x-access`. */
export async function documentedOperations(server: TestServer): Promise<DocumentedOperation[]> {
  const doc = (await server.request('GET', '/api-docs.json', { token: null })).body as {
    paths: Record<string, Record<string, { 'x-access'?: string }>>;
  };
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      access: operation['x-access'] ?? 'undocumented',
    })),
  );
}

/** A concrete URL for a documented path: every parameter becomes `x`. */
export function concretePath(openApiPath: string): string {
  return openApiPath.replace(/\{[^}]+\}/g, 'x');
}
