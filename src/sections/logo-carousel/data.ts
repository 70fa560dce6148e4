import { defineData } from "../../content/section-data.ts";

export default defineData("logo-carousel", (section, { collections }) => ({
  partners: collections.partners.pick(section.partners, ["id", "logo"]),
}));
