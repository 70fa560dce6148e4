import { defineData } from "../../content/section-data.ts";

// Each source's first `limit` projects, in the order of the sources.
export default defineData("portfolio", (section, { collections }) => ({
  items: section.sources.flatMap((source) => collections[source.collection].pick(undefined, ["id", "image", "title", "summary"]).slice(0, source.limit)),
}));
