/**
 * The layers of src/, checked by `npm run layers` (part of `npm test`). From the bottom:
 *   lib/ (pure helpers) -> runtime/ (what runs in the browser to hydrate, scroll, load chunks) ->
 *   components/ (UI primitives) -> page/ (the page view) and sections/ -> routes/, root.tsx.
 * content/ reads, checks and resolves site-config/; it may use the sections' data functions
 * (sections/<type>/data.ts) and types, never their components. deploy/ is build code: nothing that
 * runs in the browser imports it. The builder (editor/, studio/) stands on the site, never the reverse.
 * Type-only imports count for every rule except cycles (a type cannot loop at run time).
 */
const SITE_RUNTIME = "^src/(runtime|page|components|sections|routes|enquiry|images|lib)/|^src/(root|entry\\.client)\\.tsx$";

module.exports = {
  forbidden: [
    {
      name: "no-cycles",
      comment: "Modules that import each other (at run time) cannot be understood, tested or split apart one at a time.",
      severity: "error",
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
    {
      name: "runtime-not-build",
      comment: "Code that runs in the browser never imports the build's code (src/deploy/).",
      severity: "error",
      from: { path: SITE_RUNTIME },
      to: { path: "^src/deploy/" },
    },
    {
      name: "lib-is-the-bottom",
      comment: "src/lib/ holds plain helpers: it imports nothing else of ours.",
      severity: "error",
      from: { path: "^src/lib/" },
      to: { path: "^src/", pathNot: "^src/lib/" },
    },
    {
      name: "runtime-below-ui",
      comment: "src/runtime/ (hydration, scrolling, chunk loading) sits under the UI: it imports only src/lib/ and itself.",
      severity: "error",
      from: { path: "^src/runtime/" },
      to: { path: "^src/", pathNot: "^src/(runtime|lib)/" },
    },
    {
      name: "components-are-primitives",
      comment: "src/components/ are UI primitives: no page, section, route, content loading, builder or build code.",
      severity: "error",
      from: { path: "^src/components/" },
      to: { path: "^src/(page|sections|routes|content|editor|studio|deploy)/" },
    },
    {
      name: "content-not-components",
      comment: "The content layer uses the sections' data functions and types, never their components or the UI.",
      severity: "error",
      from: { path: "^src/content/" },
      to: { path: "^src/(components|page|routes|editor|studio|runtime)/|^src/sections/.+\\.tsx$" },
    },
    {
      name: "section-data-not-components",
      comment: "A section's data function (data.ts) runs in the build: it imports no component.",
      severity: "error",
      from: { path: "^src/sections/[^/]+/data\\.ts$" },
      to: { path: "\\.tsx$" },
    },
    {
      name: "site-not-builder",
      comment: "The site never imports the page builder or the studio; they stand on the site.",
      severity: "error",
      // Its entry points are src/studio/*.tsx (the build the studio and the dev server serve).
      from: { path: "^src/", pathNot: "^src/(editor|studio)/" },
      to: { path: "^src/(editor|studio)/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".mjs", ".json"] },
  },
};
