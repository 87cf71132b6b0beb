// `npm run api:types`: the TypeScript types of the JSON API, generated with openapi-typescript from the
// OpenAPI document the server serves (app/api/openapi), into docs/api-v1.d.ts, which is committed: an
// integrator's client (openapi-fetch, as app/api/openapi/client.test.ts uses it) imports `paths` from
// it. app/api/openapi/client.test.ts fails while the committed file differs from what this writes.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

import openapiTS, { astToString } from "openapi-typescript";
import prettier from "prettier";

import { openApiDocument } from "~/api/openapi/document.server";

export const API_TYPES_FILE = "docs/api-v1.d.ts";

const HEADER = `// The types of the Family Locator JSON API (/api/v1), generated from GET /api/v1/openapi.json by
// \`npm run api:types\` (openapi-typescript). Do not edit: change the routes' schemas or
// app/api/openapi, then run the script again.
`;

/** The file's text as `npm run api:types` writes it (formatted with the project's Prettier settings). */
export async function apiTypes() {
  const document = await openApiDocument();
  const ast = await openapiTS(JSON.parse(JSON.stringify(document)), { alphabetize: false });
  const options = await prettier.resolveConfig(API_TYPES_FILE);
  return prettier.format(HEADER + astToString(ast), { ...options, filepath: API_TYPES_FILE });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const text = await apiTypes();
  const before = (() => {
    try {
      return readFileSync(API_TYPES_FILE, "utf8");
    } catch {
      return "";
    }
  })();
  writeFileSync(API_TYPES_FILE, text);
  console.log(`${API_TYPES_FILE}: ${before === text ? "unchanged" : "written"}`);
}
