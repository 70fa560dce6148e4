/** Starts the production server on PORT (default 3000). `npm start` builds first when needed. */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildServer } from "./app.ts";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const rawPort = process.env.PORT ?? "3000";
const port = Number(rawPort);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a whole number from 0 to 65535; it is "${rawPort}".`);
  process.exit(1);
}
const host = process.env.HOST ?? "0.0.0.0";

const app = await buildServer({ clientDir: join(root, "dist", "client"), logger: { level: process.env.LOG_LEVEL ?? "warn" } });
try {
  const address = await app.listen({ port, host });
  const shown = address.replace(/\/\/(0\.0\.0\.0|\[::\])/, "//localhost");
  console.log(`Site ready at ${shown}  (PORT=${port}; set PORT to change it)`);
} catch (err) {
  const code = (err as NodeJS.ErrnoException).code;
  console.error(code === "EADDRINUSE" ? `Port ${port} is already in use: stop the other server or set PORT, e.g. PORT=3001 npm start.` : `Could not start the server: ${(err as Error).message}`);
  process.exit(1);
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    // Finish in-flight requests, then exit.
    void app.close().then(() => process.exit(0));
  });
}
