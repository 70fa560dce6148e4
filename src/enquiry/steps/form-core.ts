/**
 * The second of the enquiry form's code chunks (see LazyEnquiryForm): importing
 * this module evaluates the "form-core" chunk (@rjsf/core and the validator;
 * vite.config.ts puts this file in it). It re-exports what the form uses
 * anyway, so nothing is added to the bundle.
 */
export { default } from "@rjsf/core";
export { default as createPrecompiledValidator } from "@rjsf/validator-ajv8/lib/createPrecompiledValidator.js";
