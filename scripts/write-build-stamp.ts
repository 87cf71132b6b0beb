import { writeFileSync } from "node:fs";
import { sourceStamp, STAMP_FILE } from "./build-stamp.ts";

writeFileSync(STAMP_FILE, sourceStamp());
