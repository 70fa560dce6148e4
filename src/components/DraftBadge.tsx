/** Marks a draft page while previewing (npm run dev); a production build has no draft pages. */
export function DraftBadge() {
  return (
    <aside aria-label="Page status" className="fixed bottom-4 left-4 z-50 rounded-xl border-2 border-amber-600 bg-amber-100 px-4 py-2 text-amber-950 shadow-lg">
      <strong className="text-lg">Draft</strong>
      <span className="ml-2 text-sm">only in preview; not on the live site</span>
    </aside>
  );
}
