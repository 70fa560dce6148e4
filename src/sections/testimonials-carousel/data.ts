import { defineData } from "../../content/section-data.ts";

export default defineData("testimonials-carousel", (section, { collections }) => ({
  testimonials: collections.testimonials.pick(section.testimonials, ["id", "name", "title", "quote", "photo"]),
}));
