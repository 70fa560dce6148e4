/** Shown in dev where a section (or page) has content errors; a build with such errors fails before rendering. */
export function ErrorCard({
  title,
  problems,
  advice = "Fix the file below and save: the page reloads. (Only shown while previewing; the build refuses broken content.)",
}: {
  title: string;
  problems: string[];
  /** What to do about it (the page builder's canvas says it in its own words). */
  advice?: string;
}) {
  return (
    <section
      data-section="error"
      role="alert"
      className="mx-auto mt-20 w-[calc(100%-2rem)] mb-8 max-w-5xl rounded-2xl border-2 border-red-600 bg-red-50 p-6 text-red-900"
    >
      <h2 className="text-lg font-bold">{title}</h2>
      <p className="mt-1 text-sm">{advice}</p>
      <ul className="mt-4 space-y-2 font-mono text-sm break-words whitespace-pre-wrap">
        {problems.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Shown in dev above a page whose content has warnings: the build goes on with them, but they are
 * seen where the author looks. Not a `main > [data-section]`, so sections are counted as before.
 */
export function WarningList({ problems }: { problems: string[] }) {
  return (
    <section
      data-problems="warnings"
      aria-label="Content warnings"
      className="mx-auto mt-20 mb-8 w-[calc(100%-2rem)] max-w-5xl rounded-2xl border-2 border-amber-500 bg-amber-50 p-6 text-amber-950"
    >
      <h2 className="text-lg font-bold">
        {problems.length === 1 ? "1 content warning" : `${problems.length} content warnings`} (the build goes on, but have a look)
      </h2>
      <ul className="mt-4 space-y-2 font-mono text-sm break-words whitespace-pre-wrap">
        {problems.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
    </section>
  );
}
