/** What the page dialog asks the builder to do. */
export type PageAction =
  | { kind: "create"; slug: string; from: string; template?: string }
  | { kind: "rename"; slug: string; to: string }
  | { kind: "delete"; slug: string };
