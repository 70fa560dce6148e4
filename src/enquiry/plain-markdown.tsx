/**
 * What the enquiry form needs of markdown-to-jsx: its `Markdown` component,
 * rendering text as text. @rjsf/core imports markdown-to-jsx (a third of
 * the form's code) for descriptions and help with `ui:enableMarkdownIn*`,
 * which our form does not use (tests/unit/enquiry.test.tsx checks
 * schemas/forms/contact.ui.json), and for a few of its own messages about
 * schemas it cannot render, which the build's validation rules out. The
 * production build puts this module in its place (vite.config.ts).
 */
import type { ReactNode } from "react";

export function Markdown({ children }: { children?: ReactNode; options?: unknown }) {
  return <>{children}</>;
}

export default Markdown;
