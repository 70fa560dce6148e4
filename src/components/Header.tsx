import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import type { SiteSettings } from "@/generated/content";
import { SmartLink } from "./ui";

const linkClass = "rounded-md px-3 py-2 font-medium text-slate-700 hover:text-brand aria-[current=page]:text-brand aria-[current=page]:font-semibold";

export function Header({ settings }: { settings: SiteSettings }) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const closeRef = useRef<HTMLButtonElement>(null);
  const drawerRef = useRef<HTMLDivElement>(null);

  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open) return;
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") setOpen(false);
      if (e.key === "Tab" && drawerRef.current) {
        const items = drawerRef.current.querySelectorAll<HTMLElement>("a, button");
        const first = items[0];
        const last = items[items.length - 1];
        if (e.shiftKey && document.activeElement === first) {
          e.preventDefault();
          last?.focus();
        } else if (!e.shiftKey && document.activeElement === last) {
          e.preventDefault();
          first?.focus();
        }
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  return (
    <header className="fixed inset-x-0 top-0 z-40 bg-white/95 shadow-sm backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4 sm:px-6 lg:px-8">
        <SmartLink href="/" className="flex items-center gap-2 font-bold text-navy">
          <img src={settings.logo.src} alt="" width={36} height={36} className="h-9 w-9" />
          <span className="text-lg">{settings.companyName}</span>
        </SmartLink>
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {settings.navigation.map((item) => (
              <li key={item.href}>
                <SmartLink href={item.href} nav className={linkClass}>
                  {item.label}
                </SmartLink>
              </li>
            ))}
          </ul>
        </nav>
        <SmartLink href={settings.headerCta.href} className="hidden rounded-full bg-brand px-5 py-2 font-semibold text-white hover:bg-brand-dark lg:inline-block">
          {settings.headerCta.label}
        </SmartLink>
        <button type="button" className="rounded-md p-2 text-navy md:hidden" aria-expanded={open} aria-controls="mobile-menu" onClick={() => setOpen(true)}>
          <span className="sr-only">Open menu</span>
          <svg aria-hidden="true" width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M4 6h16M4 12h16M4 18h16" />
          </svg>
        </button>
      </div>
      {open && (
        <div className="md:hidden">
          <div className="fixed inset-0 z-40 bg-black/40" data-testid="drawer-overlay" onClick={() => setOpen(false)} aria-hidden="true" />
          <div ref={drawerRef} id="mobile-menu" role="dialog" aria-modal="true" aria-label="Menu" className="fixed inset-y-0 right-0 z-50 w-[250px] bg-white p-6 shadow-xl">
            <button ref={closeRef} type="button" className="mb-6 rounded-md p-2 text-navy" onClick={() => setOpen(false)}>
              <span className="sr-only">Close menu</span>
              <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
            </button>
            <nav aria-label="Mobile">
              <ul className="space-y-2">
                {settings.navigation.map((item) => (
                  <li key={item.href}>
                    <SmartLink href={item.href} nav className={`block ${linkClass}`}>
                      {item.label}
                    </SmartLink>
                  </li>
                ))}
              </ul>
            </nav>
          </div>
        </div>
      )}
    </header>
  );
}
