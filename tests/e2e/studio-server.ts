/**
 * The studio the *.studio.spec.ts tests run against (tests/e2e/servers.ts starts it): a copy of the
 * project, its bare remote, two accounts, started as `npm run studio` starts it, deploying locally
 * into the copy's dist/ (tests/helpers/studio-sandbox.ts). Removed when the tests stop it.
 */
import { join } from "node:path";
import { studioFixture } from "../helpers/studio-sandbox.ts";

const port = Number(process.argv[2] ?? 4573);
// Publishes reuse the pictures' copies and compressed scripts the project's own build made (named by
// content), as a studio reuses its own.
const studio = await studioFixture({
  port,
  deploy: "local",
  echo: true,
  env: {
    IMAGE_CACHE_DIR: join(import.meta.dirname, "..", "..", "node_modules", ".cache", "site-images"),
    PRECOMPRESS_CACHE_DIR: join(import.meta.dirname, "..", "..", "node_modules", ".cache", "site-precompress"),
  },
});
await studio.start();
console.log(`Studio for the tests at ${studio.url} (${studio.project})`);
const stop = () =>
  void studio.stop().finally(() => {
    studio.remove();
    process.exit(0);
  });
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
