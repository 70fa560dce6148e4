/** Entries in the order a section lists them; every entry when the section lists none. */
export function byIds<T extends { id: string | number }>(items: readonly T[], ids: readonly string[] | undefined): T[] {
  if (!ids) return [...items];
  return ids.flatMap((id) => items.filter((item) => String(item.id) === id));
}
