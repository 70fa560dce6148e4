/**
 * /__sections: every section type, rendered from its schema's example, with
 * its type name, what it is for and the JSON to copy into a page. Dev only:
 * src/routes.ts leaves this route out of production builds.
 *
 * Typed from the loader rather than ./+types/catalog: typegen runs like a
 * production build and so does not know this route.
 */
import { useState } from "react";
import { useLoaderData, type MetaFunction } from "react-router";
import { catalogData } from "@/content/site.server";
import { ErrorCard } from "@/components/ErrorCard";
import { SectionView } from "@/sections/registry";

export function loader() {
  return catalogData();
}

export const meta: MetaFunction = () => [{ title: "Section catalog (preview only)" }, { name: "robots", content: "noindex" }];

function CopyButton({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="rounded-md bg-navy px-3 py-1 text-sm font-semibold text-white hover:bg-brand"
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(() => setCopied(true));
      }}
    >
      {copied ? "Copied" : "Copy JSON"}
    </button>
  );
}

export default function Catalog() {
  const entries = useLoaderData<typeof loader>();
  return (
    <>
      <div className="mx-auto max-w-5xl px-4 pt-24 pb-8">
        <h1 className="text-3xl font-bold text-navy">Section catalog</h1>
        <p className="mt-2 text-slate-700">
          Every kind of section a page can use ({entries.length}), shown with its example content. Copy a section's JSON into the <code>"sections"</code> list
          of a page in <code>site-config/pages/</code> and change the text. Field by field reference: <code>docs/sections.md</code>. This page exists only in
          preview (<code>npm run dev</code>).
        </p>
        <nav aria-label="Section types" className="mt-4">
          <ul className="flex flex-wrap gap-2 text-sm">
            {entries.map((e) => (
              <li key={e.type}>
                <a className="rounded bg-slate-100 px-2 py-1 font-mono text-navy hover:bg-slate-200" href={`#section-${e.type}`}>
                  {e.type}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      {entries.map((e) => (
        <article
          key={e.type}
          id={`section-${e.type}`}
          data-catalog-entry={e.type}
          aria-labelledby={`catalog-${e.type}`}
          className="scroll-mt-16 border-t-4 border-slate-200"
        >
          <header className="mx-auto max-w-5xl px-4 py-6">
            <h2 id={`catalog-${e.type}`} className="font-mono text-2xl font-bold text-navy">
              {e.type}
            </h2>
            <p className="mt-1 text-slate-700">{e.purpose}</p>
          </header>
          {e.slot.ok ? <SectionView resolved={e.slot} /> : <ErrorCard title={`The example of "${e.type}" cannot be shown`} problems={e.slot.problems} />}
          <details open className="mx-auto max-w-5xl px-4 py-6">
            <summary className="cursor-pointer font-semibold text-navy">JSON to copy</summary>
            <div className="mt-3 flex justify-end">
              <CopyButton text={e.json} />
            </div>
            <pre className="mt-2 overflow-x-auto rounded-lg bg-slate-900 p-4 text-sm text-slate-100">
              <code>{e.json}</code>
            </pre>
          </details>
        </article>
      ))}
    </>
  );
}
