/**
 * The layers of the product's code, checked by `npm run layers` (part of `npm test`) over every
 * folder of it: the site (src/, server/), the builder (builder/), the studio (studio/), and the
 * build and dev commands (scripts/, tools/).
 *
 * The three products stand on each other in one direction: the studio on the builder, the builder
 * on the site's content layer; never the reverse. No product code imports the commands, the tools
 * or the tests. Inside the builder, shared/ (the API's types, changes in words, merges) is the
 * bottom; app/ runs in the browser (no Node module, nothing of the builder's server).
 *
 * Inside src/, from the bottom: lib/ (pure helpers) -> runtime/ (what runs in the browser to
 * hydrate, scroll, load chunks) -> components/ (UI primitives) -> page/ (the page view) and
 * sections/ -> routes/, root.tsx. content/ reads, checks and resolves site-config/; it may use the
 * sections' data functions (sections/<type>/data.ts) and types, never their components. deploy/
 * is build code: nothing that runs in the browser imports it.
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
      to: { path: "^src/(page|sections|routes|content|deploy)/" },
    },
    {
      name: "content-not-components",
      comment: "The content layer uses the sections' data functions and types, never their components or the UI.",
      severity: "error",
      from: { path: "^src/content/" },
      to: { path: "^src/(components|page|routes|runtime)/|^src/sections/.+\\.tsx$" },
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
      comment: "The site (its pages and its server) never imports the page builder or the studio: they stand on the site.",
      severity: "error",
      from: { path: "^(src|server)/" },
      to: { path: "^(builder|studio)/" },
    },
    {
      name: "builder-not-studio",
      comment: "The builder works alone (npm run edit): the studio adds to it, never the reverse.",
      severity: "error",
      from: { path: "^builder/" },
      to: { path: "^studio/" },
    },
    {
      name: "builder-app-is-browser-code",
      comment: "The builder's browser app runs in a browser: it imports no Node module.",
      severity: "error",
      from: { path: "^builder/app/" },
      to: { dependencyTypes: ["core"] },
    },
    {
      name: "builder-app-no-server-code",
      comment: "The builder's browser app imports nothing of the builder's server: what both need lives in builder/shared/.",
      severity: "error",
      from: { path: "^builder/app/" },
      to: { path: "^builder/server/" },
    },
    {
      name: "builder-shared-is-the-bottom",
      comment: "builder/shared/ is what the builder's app and server both use: it imports neither.",
      severity: "error",
      from: { path: "^builder/shared/" },
      to: { path: "^builder/(app|server)/" },
    },
    {
      name: "product-not-commands-or-tests",
      comment: "Product code (src/, server/, builder/, studio/) never imports the build and dev commands, the tools or the tests.",
      severity: "error",
      from: { path: "^(src|server|builder|studio)/" },
      to: { path: "^(scripts|tools|tests)/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".mjs", ".json"] },
  },
};
