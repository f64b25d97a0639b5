import type { FastifyInstance } from 'fastify';
import FindMyWay from 'find-my-way';

export type AllowedMethods = {
  /**
   * The methods some route answers at this URL's path (sorted), for a request Fastify found no route
   * for. Empty when no route has the path, or when one answers this very method (its handler sent
   * the request on to not-found: the path exists, the resource does not).
   */
  at(method: string, url: string): string[];
};

/**
 * Which methods each path answers, for the 405 of a method a known path does not answer
 * (docs/decisions/049-openapi-tells-the-truth.md). Fastify's router says only "no route" (its
 * not-found handler), so a second router of the same kind (find-my-way, with Fastify's default
 * path matching) records every route's method and URL as it is added. Install it before any route.
 * The SPA's files (`/*`, @fastify/static) are left out: a catch-all for files that may exist, it
 * would make every path "known", and a POST to a path nobody has would get a 405 naming GET.
 */
export function installAllowedMethods(app: FastifyInstance): AllowedMethods {
  const router = FindMyWay();
  const methods = new Set<FindMyWay.HTTPMethod>();
  const noop = () => undefined;
  app.addHook('onRoute', (route) => {
    if (route.url === '/*') return;
    for (const method of [route.method].flat() as FindMyWay.HTTPMethod[]) {
      // The same method and URL twice (a prefixed plugin's '/' with and without the slash) is one path.
      if (!router.hasRoute(method, route.url)) router.on(method, route.url, noop);
      methods.add(method);
    }
  });
  return {
    at(method, url) {
      const path = url.split('?', 1)[0]!;
      const allowed: string[] = [];
      for (const known of methods) {
        try {
          if (router.find(known, path)) allowed.push(known);
        } catch {
          // A path find-my-way cannot decode has no route under any method.
        }
      }
      return allowed.includes(method) ? [] : allowed.sort();
    },
  };
}
