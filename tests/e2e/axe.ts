/** The rules axe checks the pages, the builder and the studio against: WCAG 2.2 AA, and all that AA includes. */
export const WCAG22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];
