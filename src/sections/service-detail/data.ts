import { defineData, SectionDataError } from "../../content/section-data.ts";

// The service the page shows, and every service's name for the list beside it.
export default defineData("service-detail", (_section, { collections, service }) => {
  if (!service) throw new SectionDataError("this section shows a service, so it only works on service pages", "Move it to site-config/templates/service.json.");
  const { id, name, image, description, features } = service;
  return { service: { id, name, image, description, features }, services: collections.services.pick(undefined, ["id", "name"]) };
});
