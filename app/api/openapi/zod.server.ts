// zod with `.openapi()` (names and examples for the OpenAPI document). The document's modules import
// `z` from here, so the extension is in place before they describe anything; the routes' own schemas
// (plain zod, in their domain modules) are described as they are.
import { extendZodWithOpenApi } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";

extendZodWithOpenApi(z);

export { z };
