// Formatting is Prettier's; `npm run lint` checks it and `npm run format` applies it. Imports are
// sorted in four groups: Node's built-ins, packages, the app (`~/…`), then relative paths.
/** @type {import("prettier").Config & import("@ianvs/prettier-plugin-sort-imports").PluginConfig} */
export default {
  printWidth: 120,
  plugins: ["@ianvs/prettier-plugin-sort-imports"],
  importOrder: ["<BUILTIN_MODULES>", "", "<THIRD_PARTY_MODULES>", "", "^~/(.*)$", "", "^[.]"],
  importOrderTypeScriptVersion: "5.9.3",
};
