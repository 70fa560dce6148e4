// Preload (node --import): counts the reads of the files whose path ends with FIGURES_READS_OF, and
// writes the count to FIGURES_READS_OUT when the process exits. A measuring aid for scripts/figures.ts.
import fs from "node:fs";
import { syncBuiltinESMExports } from "node:module";

const suffix = process.env.FIGURES_READS_OF ?? "site-config/settings.json";
const out = process.env.FIGURES_READS_OUT;
let reads = 0;
const counts = (path) => typeof path === "string" && path.endsWith(suffix);
const readFileSync = fs.readFileSync;
fs.readFileSync = function (path, ...rest) {
  if (counts(path)) reads++;
  return readFileSync.call(this, path, ...rest);
};
const readFile = fs.promises.readFile;
fs.promises.readFile = function (path, ...rest) {
  if (counts(path)) reads++;
  return readFile.call(this, path, ...rest);
};
syncBuiltinESMExports();
globalThis.figuresReads = () => reads;
if (out) process.on("exit", () => fs.writeFileSync(out, String(reads)));
