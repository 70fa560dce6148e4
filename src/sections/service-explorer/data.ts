import { defineData } from "../../content/section-data.ts";

// The panel shows a service's first paragraph only.
export default defineData("service-explorer", (section, { collections }) => ({
  services: collections.services
    .pick(section.services, ["id", "name", "description", "features", "image"])
    .map(({ description, ...service }) => ({ ...service, summary: description[0] })),
}));
