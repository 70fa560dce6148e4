/**
 * The react-router command, as `npm run dev`, `edit`, `build` and `typecheck` start it, without the
 * line "The `envFile` option is deprecated, please use `envDir: false` instead." that Vite prints for
 * each Vite server React Router creates for itself.
 *
 * NOTE: React Router 7.18 creates those servers (its config loader, its child compiler) with
 * `envFile: false`, which Vite 8.1 deprecated; they take no option from our configuration, so only
 * the line can go. React Router 8 passes `envDir: false` instead (remix-run/react-router#15230) but
 * needs Node 22: remove this file, and run `react-router` directly again, with that upgrade.
 */
import { stripVTControlCharacters } from "node:util";

const DEPRECATED = "The `envFile` option is deprecated, please use `envDir: false` instead.";
const warn = console.warn;
console.warn = (...args) => {
  // Vite's logger colours the line, and in a terminal adds "(x2)" when it repeats.
  if (typeof args[0] === "string" && stripVTControlCharacters(args[0]) === DEPRECATED) return;
  warn(...args);
};

// The command's own entry (not among the package's exports), with this process's arguments.
await import(new URL("../node_modules/@react-router/dev/bin.js", import.meta.url).href);
