/**
 * The first of the enquiry form's code chunks (see LazyEnquiryForm): importing
 * this module evaluates the "form-utils" chunk (vite.config.ts puts this file
 * in it). It re-exports one function the form uses anyway, so nothing is
 * added to the bundle and tree-shaking keeps the chunk to what the form needs.
 */
export { getUiOptions } from "@rjsf/utils";
