/**
 * /__edit/canvas: the page builder's canvas (dev only, see src/routes.ts): src/editor/app/canvas/CanvasPage.tsx.
 * Typed without ./+types: typegen runs like a production build and does not know this route.
 */
import type { MetaFunction } from "react-router";
import { CanvasPage } from "@/editor/app/canvas/CanvasPage";

export const meta: MetaFunction = () => [{ title: "Canvas (page builder)" }, { name: "robots", content: "noindex" }];

export default CanvasPage;
