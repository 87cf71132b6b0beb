import { defineRoutes } from "@remix-run/dev/dist/config/routes.js";

import {
  devRoutes,
  localePrefixes,
  pageRouteId,
  pageRoutes,
  resourceRouteId,
  resourceRoutes,
} from "./app/route-table.js";

/** The Remix options; vite.config.ts hands them to the Remix Vite plugin. */
export default {
  ignoredRouteFiles: ["**/*"],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_singleFetch: true,
    v3_lazyRouteDiscovery: true,
  },
  routes: async () =>
    defineRoutes((route) => {
      for (const [locale, prefix] of Object.entries(localePrefixes)) {
        for (const page of [...pageRoutes, ...devRoutes]) {
          const path = [prefix, page.path].filter(Boolean).join("/");
          route(path || undefined, page.file, { id: pageRouteId(locale, page.path), index: !path });
        }
      }
      for (const resource of resourceRoutes)
        route(resource.path, resource.file, { id: resourceRouteId(resource.path) });
    }),
};
