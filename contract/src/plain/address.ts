/**
 * Where one call of the API lives, without its schemas: what the portal needs
 * to send it (Endpoint in ../endpoint.ts adds the zod schemas and the summary).
 */
export interface EndpointAddress {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Fastify-style path, e.g. /api/profile/:companyId */
  path: string;
  /** public: no session needed; session: a valid bearer token. */
  auth: 'public' | 'session';
  /** Answered as a file download rather than JSON. */
  file?: boolean;
}

/** Fills :name placeholders of an endpoint path. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
