/**
 * Starts the studio (`npm run studio`, after its build): settings from the environment (checked,
 * printed), the clone opened and recovered, then the service on STUDIO_HOST:STUDIO_PORT until
 * SIGTERM or Ctrl-C, which lets requests and the save or publish step under way finish first
 * (STOP_WAIT_MS at most).
 */
import { join } from "node:path";
import { buildStudio, StudioStartError } from "./app.ts";
import { describeStudioConfig, loadStudioConfig, StudioConfigError } from "./config.ts";

/** How long a stop waits for requests and the save or publish step under way. */
const STOP_WAIT_MS = 30_000;

export async function startStudio(project: string) {
  let config: ReturnType<typeof loadStudioConfig>;
  try {
    config = loadStudioConfig(process.env, project);
  } catch (err) {
    if (!(err instanceof StudioConfigError)) throw err;
    console.error(`The studio was not started: fix these settings and start again.\n${err.message.replace(/^/gm, "  - ")}`);
    process.exit(1);
  }
  console.log(describeStudioConfig(config));
  let studio: Awaited<ReturnType<typeof buildStudio>>;
  try {
    studio = await buildStudio({
      config,
      project,
      assets: join(project, "dist-studio"),
      logger: { level: process.env.LOG_LEVEL ?? "warn" },
      say: (line) => console.log(line),
    });
  } catch (err) {
    console.error(err instanceof StudioStartError ? `The studio was not started. ${err.message}` : `The studio could not start: ${(err as Error).message}`);
    process.exit(1);
  }
  try {
    await studio.app.listen({ host: config.host, port: config.port });
    await studio.previews.listen({ host: config.host, port: config.previewPort });
  } catch (err) {
    console.error(
      (err as NodeJS.ErrnoException).code === "EADDRINUSE"
        ? `Port ${(err as { port?: number }).port ?? config.port} is already in use: stop the other server or set STUDIO_PORT (and STUDIO_PREVIEW_PORT, for preview links).`
        : `Could not start the studio: ${(err as Error).message}`,
    );
    process.exit(1);
  }
  console.log(`Studio ready at ${config.origin}/__edit  (listening on ${config.host}:${config.port}; preview links on ${config.previewOrigin})`);
  for (const signal of ["SIGINT", "SIGTERM"] as const)
    process.once(signal, () => {
      console.log(`${signal} received: finishing requests in progress, then stopping.`);
      let waitingFor = "requests in progress";
      // Never a stop that does not end: nothing confirmed is lost, and the next start puts back what was half done.
      setTimeout(() => {
        console.log(`Still waiting for ${waitingFor} after ${STOP_WAIT_MS / 1000} s: stopping now; the next start puts back anything half done.`);
        process.exit(1);
      }, STOP_WAIT_MS).unref();
      // A save or publish in progress holds the clone's queue: close waits for requests, then for the queue.
      void Promise.all([studio.app.close(), studio.previews.close()])
        .then(() => {
          waitingFor = "the save or publish under way (the clone's queue)";
          return studio.clone.exclusive(async () => {});
        })
        .then(
          () => process.exit(0),
          () => process.exit(1),
        );
    });
}
