import { defineData } from "../../content/section-data.ts";

export default defineData("offerings-grid", (section, { collections }) => ({
  offerings: collections[section.collection].pick(undefined, ["id", "icon", "title", "description"]),
}));
