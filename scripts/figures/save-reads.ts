/**
 * Runs under scripts/figures/count-reads.mjs: the builder's API over a copy of the content, as
 * `npm run edit` hosts it; opens the contact page, then saves it three times, and prints the
 * reads of settings.json for the opening and for each save as JSON.
 */
import { EventStream } from "../../builder/server/events.ts";
import { localApi, EDITOR_HEADER } from "../../builder/server/local-api.ts";
import { copySite } from "../../tests/helpers/site-copy.ts";

const reads = () => (globalThis as unknown as { figuresReads: () => number }).figuresReads();
const site = copySite();
try {
  const { app } = await localApi(site.root, new EventStream(), "figures");
  const headers = { [EDITOR_HEADER]: "1", "content-type": "application/json" };
  const before = reads();
  await app.inject({ method: "GET", url: "/__edit/api/state" });
  const file = (await app.inject({ method: "GET", url: "/__edit/api/file?path=site-config/pages/contact-us.json" })).json() as {
    value: { title: string };
    hash: string;
  };
  const opening = reads() - before;
  const saves: number[] = [];
  let { value, hash } = file;
  for (let i = 1; i <= 3; i++) {
    const start = reads();
    value = { ...value, title: `Contact us ${i}` };
    const answer = await app.inject({
      method: "POST",
      url: "/__edit/api/save",
      headers,
      payload: JSON.stringify({ path: "site-config/pages/contact-us.json", value, hash }),
    });
    if (answer.statusCode !== 200) throw new Error(`save ${i}: ${answer.statusCode} ${answer.body}`);
    hash = (answer.json() as { hash: string }).hash;
    saves.push(reads() - start);
  }
  await app.close();
  console.log(JSON.stringify({ opening, saves }));
} finally {
  site.remove();
}
