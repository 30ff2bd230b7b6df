// ESLint (flat config): typescript-eslint's recommended rules for all TypeScript, plus the one hard
// rule of the project — src/core and src/rules never touch Foundry — as `no-restricted-globals`
// (the pure type-check proves the same from the types side).
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import globals from "globals";

const foundryGlobals = [
  "game",
  "canvas",
  "ui",
  "CONFIG",
  "Hooks",
  "foundry",
  "fromUuid",
  "fromUuidSync",
  "Roll",
  "ChatMessage",
  "Actor",
  "Item",
].map((name) => ({ name, message: "src/core and src/rules are pure: no Foundry globals." }));

export default tseslint.config(
  { ignores: ["node_modules/", "module/", "dist/", "packs/", "artifacts/", "coverage/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.ts"],
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
    },
  },
  {
    files: ["src/core/**/*.ts", "src/rules/**/*.ts"],
    rules: {
      "no-restricted-globals": ["error", ...foundryGlobals],
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/foundry/**", "**/foundry"], message: "src/core and src/rules are pure: they never import the Foundry glue." },
          ],
        },
      ],
    },
  },
  {
    // Tests poke at untyped Foundry stand-ins and at cards' loose flag data; `any` stays allowed there
    // (src/, scripts/ and bench/ are held to the rule).
    files: ["test/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
    linterOptions: { reportUnusedDisableDirectives: "off" },
  },
  {
    files: ["**/*.mjs", "**/*.js"],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ["test/gallery/*.js"],
    languageOptions: { globals: { ...globals.browser } },
  },
);
