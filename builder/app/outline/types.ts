/** An entry of the outline as it is shown. */
export interface OutlineItem {
  id: string;
  label: string;
  /** What kind of thing it is, e.g. the section type. */
  detail: string;
  /** A placed shared section: its badge ("Shared: on 3 pages") and the pages, for its tooltip. */
  shared?: { badge: string; pages: string };
  errors: number;
  warnings: number;
}
