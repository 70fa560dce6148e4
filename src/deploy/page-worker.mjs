// The page pipeline's thread starts here: page-worker.ts is TypeScript, loaded through tsx as the scripts are.
import { register } from "tsx/esm/api";

register();
await import("./page-worker.ts");
