// Preloaded into the profiled server (`npm run bench -- --profile`): SIGTERM ends the process through
// process.exit, so that Node writes the --cpu-prof profile (the default handler would not).
process.once("SIGTERM", () => process.exit(0));
