/** The studio's builder: the same page builder as `npm run edit`, served by the studio (server/studio/). */
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import "@/editor/app/editor.css";
import { Editor } from "@/editor/app/Editor";

const root = document.getElementById("root");
if (!root) throw new Error("The studio's page has no #root to render into.");
createRoot(root).render(
  <StrictMode>
    <Editor />
  </StrictMode>,
);
