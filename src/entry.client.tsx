/**
 * The browser's entry, as React Router's default, plus one signal: from here React sees every
 * click, so the boot script stops keeping early taps for it (src/deploy/boot.js).
 */
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { HYDRATING_EVENT } from "@/runtime/constants";

document.dispatchEvent(new Event(HYDRATING_EVENT));
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
