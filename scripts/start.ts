// `npm start`: the app with the demo account on the embedded defaults. Builds first when the build
// is missing or older than the sources; migrations and the seed run in server.ts.
import { buildIfStale } from "./build-if-stale.ts";

buildIfStale("first start or changed sources");
process.env.NODE_ENV = "production";
process.env.APP_MODE ??= "demo";
await import("../server.ts");
