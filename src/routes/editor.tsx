/**
 * /__edit: the page builder (dev only, see src/routes.ts; `npm run edit` prints its address).
 * Typed without ./+types: typegen runs like a production build and does not know this route.
 */
import type { MetaFunction } from "react-router";
import "@/editor/app/editor.css";
import "@/editor/app/no-overlay.css";
import { Editor } from "@/editor/app/Editor";

export const meta: MetaFunction = () => [{ title: "Page builder" }, { name: "robots", content: "noindex" }];

export default function EditorRoute() {
  return <Editor />;
}
