// The page pipeline's thread starts here: page-worker.ts is TypeScript, loaded through tsx as the scripts are.
import { parentPort, workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
const { servePageJobs } = await import("./page-worker.ts");
if (!parentPort) throw new Error("page-worker.mjs runs as the page pipeline's thread (src/deploy/page-pipeline.ts), not on its own.");
servePageJobs(parentPort, workerData);
