/** An entry of the outline as it is shown. */
export interface OutlineItem {
  id: string;
  label: string;
  /** What kind of thing it is, e.g. the section type. */
  detail: string;
  errors: number;
  warnings: number;
}
