/**
 * What @rjsf/core asks of a validator, for the builder's forms. It asks two things: to validate a
 * form's data, which the builder never does in the browser (the site's own checks run on the
 * editor's server, the same as `npm run validate`, and their messages are put under the fields);
 * and to test a value against a schema's conditions (oneOf, anyOf, if), which the content schemas
 * do not use (tests/builder/app/form-schemas.test.ts keeps it so). Without a compiled validator
 * the builder carries no schema compiler and runs no code made at run time (a strict CSP holds).
 */
import type { ValidatorType } from "@rjsf/utils";

export const formValidator: ValidatorType = {
  validateFormData: () => ({ errors: [], errorSchema: {} }),
  rawValidation: () => ({ errors: [] }),
  isValid(schema) {
    throw new Error(`The page builder's forms take schemas without oneOf, anyOf or if: this one has a condition (${JSON.stringify(schema).slice(0, 120)}).`);
  },
};
