/**
 * The studio's builder: the same page builder as `npm run edit`, served by the studio (studio/),
 * inside a router of its own: the library's thumbnails are the site's sections, whose links read the
 * location through React Router's public API (without one, opening the library failed the whole builder).
 */
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createMemoryRouter, RouterProvider } from "react-router";
// The site's stylesheet first, as under npm run edit (the builder is a route of the site there): the
// library's thumbnails are the site's sections.
import "@/app.css";
import "./editor.css";
import { Editor } from "./shell/Editor";

const root = document.getElementById("root");
if (!root) throw new Error("The studio's page has no #root to render into.");
const router = createMemoryRouter([{ path: "*", element: <Editor /> }]);
createRoot(root).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
