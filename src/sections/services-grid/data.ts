import { defineData } from "../../content/section-data.ts";

export default defineData("services-grid", (section, { collections }) => ({
  services: collections.services.pick(section.services, ["id", "name", "smallDescription", "icon"]),
}));
