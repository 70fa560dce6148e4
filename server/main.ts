/**
 * Starts the production server: the pre-rendered site and POST /send-email.
 * Configuration comes from environment variables (see the README and
 * server/config.ts); it is printed at start-up with secrets masked, and a bad
 * value stops start-up with a message naming it. `npm start` builds first.
 */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildServer } from "./app.ts";
import { ConfigError, describeConfig, loadConfig, type ServerConfig } from "./config.ts";
import { Outbox } from "./enquiry/outbox.ts";
import { deleteExpired, enquiries, everyDay } from "./enquiry/retention.ts";
import { DeliveryWorker } from "./enquiry/worker.ts";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

let config: ServerConfig;
try {
  config = loadConfig(process.env, root);
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  console.error(`The server was not started: fix these settings and start again.\n${err.problems.map((p) => `  - ${p}`).join("\n")}`);
  process.exit(1);
}
console.log(describeConfig(config));

const outbox = new Outbox(config.outboxDir, {
  reserveBytes: config.outboxReserveBytes,
  messageIdDomain: `enquiry.${config.mailTo.split("@")[1]}`,
});
// A tmp/ file lives only while an enquiry is written, after its request arrived (within the request
// timeout): one older than twice that timeout is no request in flight, here or in a server still
// finishing its own on this outbox, but what a crash left.
const staleMs = 2 * config.requestTimeoutMs;
try {
  const removed = await outbox.init(staleMs);
  console.log(
    `Outbox: removed ${removed} unfinished ${removed === 1 ? "file" : "files"} left in tmp/ by a stop while writing (older than ${staleMs / 1000} s).`,
  );
} catch (err) {
  console.error(`The outbox folder ${config.outboxDir} cannot be used (${(err as Error).message}): set OUTBOX_DIR to a writable folder.`);
  process.exit(1);
}
outbox.sweepPeriodically(60_000, staleMs);
// For the studio's inbox: whether enquiries are e-mailed at all, and to whom.
await outbox
  .updateQueueState({ smtp: Boolean(config.smtpUrl), mailTo: config.mailTo, startedAt: new Date().toISOString(), configFault: null })
  .catch((err: Error) => console.error(`Could not write ${join(config.outboxDir, "delivery.json")} for the studio: ${err.message}`));
// Retention: at start (before serving) and daily, whether or not a studio runs.
await everyDay(
  async () => {
    const removed = await deleteExpired(outbox, config.retentionDays);
    if (removed.length > 0)
      console.log(`Retention: deleted ${enquiries(removed.length)} received more than ${config.retentionDays} days ago (ENQUIRY_RETENTION_DAYS).`);
  },
  (err) => console.error(`Retention: could not delete old enquiries: ${err.message}`),
);

const worker = config.smtpUrl
  ? new DeliveryWorker({
      outbox,
      smtpUrl: config.smtpUrl,
      mailTo: config.mailTo,
      mailFrom: config.mailFrom,
      retryBaseMs: config.retryBaseMs,
      retryMaxMs: config.retryMaxMs,
    })
  : null;

let app: Awaited<ReturnType<typeof buildServer>>;
try {
  app = await buildServer({
    clientDir: config.siteDir,
    logger: { level: process.env.LOG_LEVEL ?? "warn" },
    trustProxy: config.trustProxy,
    connectSrc: config.connectSrc,
    formPages: config.formPages,
    timeouts: { requestMs: config.requestTimeoutMs, idleMs: config.idleTimeoutMs },
    enquiry: { outbox, rateLimitPerMinute: config.rateLimitPerMinute, onStored: () => worker?.kick() },
  });
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}

try {
  const address = await app.listen({ port: config.port, host: config.host });
  const shown = address.replace(/\/\/(0\.0\.0\.0|\[::\])/, "//localhost");
  console.log(`Site ready at ${shown}  (PORT=${config.port}; set PORT to change it)`);
} catch (err) {
  const code = (err as NodeJS.ErrnoException).code;
  console.error(
    code === "EADDRINUSE"
      ? `Port ${config.port} is already in use: stop the other server or set PORT, e.g. PORT=3001 npm start.`
      : `Could not start the server: ${(err as Error).message}`,
  );
  process.exit(1);
}
worker?.start();
// A file put into new/ from outside (Send again in the studio, or by hand) is delivered at once.
const unwatch = worker ? outbox.watchNew(() => worker.kick()) : () => {};

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    console.log(`${signal} received: finishing requests in progress, then stopping.`);
    // Stop accepting, let in-flight requests finish (their enquiries are on
    // disk before they answer), let the worker finish the message it is
    // sending, then exit.
    unwatch();
    void Promise.all([app.close(), worker?.stop()]).then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(`Shutdown error: ${(err as Error).message}`);
        process.exit(1);
      },
    );
  });
}
