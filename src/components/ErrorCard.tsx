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
