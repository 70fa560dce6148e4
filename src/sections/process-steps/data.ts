import { defineData } from "../../content/section-data.ts";

export default defineData("process-steps", (_section, { collections }) => ({
  steps: collections["process-steps"].pick(undefined, ["id", "title", "description", "image"]),
}));
