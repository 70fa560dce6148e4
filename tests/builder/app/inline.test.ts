/** Which texts of a section can be edited in place: the schema's `inlineEdit`, through the bundle's shared definitions. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { inlineFields } from "../../../builder/app/canvas/inline";
import { bundleSchema } from "../../../builder/server/schema-bundle";

const root = join(import.meta.dirname, "..", "..", "..");
const schemas = join(root, "schemas");
const page = (name: string) => JSON.parse(readFileSync(join(root, "site-config", "pages", `${name}.json`), "utf8")) as { sections: { type: string }[] };

test("the hero's heading, lines and button words; not its link address or video", () => {
  const hero = page("home").sections[0] as { type: string };
  const fields = inlineFields(bundleSchema(schemas, "sections/hero.schema.json"), hero);
  expect(fields.map((f) => [f.pointer, f.label])).toEqual([
    ["/headline", "Heading"],
    ["/subline", "Line under the heading"],
    ["/description", "Description"],
    ["/cta/label", "Button › Words on the link"],
  ]);
  expect(fields[0]?.value).toBe((hero as unknown as { headline: string }).headline);
});

test("a text block's kicker, heading and each paragraph (counted from 1 in its name)", () => {
  const block = page("about-us").sections[1] as { type: string; paragraphs: string[] };
  const fields = inlineFields(bundleSchema(schemas, "sections/text-block.schema.json"), block);
  expect(fields.map((f) => f.pointer)).toEqual(["/kicker", "/heading", "/paragraphs/0", "/paragraphs/1"]);
  expect(fields[3]?.label).toMatch(/ 2$/);
  expect(fields[3]?.value).toBe(block.paragraphs[1]);
});

test("an empty text is not offered (the page shows nothing to click), nor a section type without the keyword", () => {
  expect(
    inlineFields(bundleSchema(schemas, "sections/hero.schema.json"), { type: "hero", headline: " ", cta: { label: "Go", href: "/" } }).map((f) => f.pointer),
  ).toEqual(["/cta/label"]);
  expect(inlineFields({ type: "object", properties: { heading: { type: "string" } } }, { heading: "Hi" })).toEqual([]);
});

test("a picture dropped on a section goes to its first picture field: a hero's photo, a text block's picture; none for a stats band", async () => {
  const { firstPicture } = await import("../../../builder/app/canvas/usePictureDrop");
  expect(firstPicture(bundleSchema(schemas, "sections/hero.schema.json"))).toBe("/video/poster");
  expect(firstPicture(bundleSchema(schemas, "sections/page-banner.schema.json"))).toBe("/video/poster");
  expect(firstPicture(bundleSchema(schemas, "sections/text-block.schema.json"))).toBe("/image");
  expect(firstPicture(bundleSchema(schemas, "sections/stats-band.schema.json"))).toBeNull();
});
