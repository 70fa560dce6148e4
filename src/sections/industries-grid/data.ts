import { defineData } from "../../content/section-data.ts";

export default defineData("industries-grid", (section, { collections }) => ({
  industries: collections.industries.pick(section.industries, ["id", "title", "image", "description"]),
}));
