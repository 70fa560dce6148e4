/**
 * The studio's canvas: the builder's canvas page with the site's own stylesheet, inside a router of
 * its own (the site's links and header read the location through React Router's public API).
 */
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createMemoryRouter, RouterProvider } from "react-router";
import "@/app.css";
import { CanvasPage } from "./canvas/CanvasPage";

const root = document.getElementById("root");
if (!root) throw new Error("The studio's canvas has no #root to render into.");
const router = createMemoryRouter([{ path: "*", element: <CanvasPage /> }]);
createRoot(root).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
