import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import type { SiteSettings } from "@/generated/content";
import { SmartLink } from "./links";
import { media } from "./motion";

const linkClass =
  "rounded-md px-3 py-2 font-medium text-slate-700 transition hover:text-brand focus-visible:outline-2 focus-visible:outline-brand aria-[current=page]:font-semibold aria-[current=page]:text-brand";

/**
 * Fixed header. From 768 px (SPEC's md) the links sit in the bar, with the Contact Us button on
 * large screens; below it a hamburger opens a drawer from the right (250 px, 500 ms, overlay
 * opacity 0.4, SPEC s9). The drawer closes on its close button, an overlay click, a link click or
 * Escape, traps focus while open and gives focus back to the hamburger when it closes.
 */
export function Header({ settings }: { settings: SiteSettings }) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const openRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const drawerRef = useRef<HTMLDivElement>(null);
  const wasOpen = useRef(false);

  useEffect(() => setOpen(false), [location.pathname]);

  useEffect(() => {
    if (!open) {
      if (wasOpen.current) openRef.current?.focus({ preventScroll: true });
      wasOpen.current = false;
      return;
    }
    wasOpen.current = true;
    closeRef.current?.focus();
    const root = document.documentElement;
    const previousOverflow = root.style.overflow;
    root.style.overflow = "hidden";
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        e.preventDefault();
        setOpen(false);
      }
      if (e.key === "Tab" && drawerRef.current) {
        const items = [...drawerRef.current.querySelectorAll<HTMLElement>("a[href], button")];
        const first = items[0];
        const last = items[items.length - 1];
        if (!drawerRef.current.contains(document.activeElement)) {
          e.preventDefault();
          first?.focus();
        } else if (e.shiftKey && document.activeElement === first) {
          e.preventDefault();
          last?.focus();
        } else if (!e.shiftKey && document.activeElement === last) {
          e.preventDefault();
          first?.focus();
        }
      }
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      root.style.overflow = previousOverflow;
    };
  }, [open]);

  // Close and open at the SPEC's md breakpoint: the drawer never stays open on a wide screen.
  useEffect(() => {
    const wide = media("(min-width: 768px)");
    const onChange = () => wide?.matches && setOpen(false);
    wide?.addEventListener("change", onChange);
    return () => wide?.removeEventListener("change", onChange);
  }, []);

  // Visibility switches at once on opening (so the close button can take focus) and only after
  // the 500 ms slide on closing.
  return (
    // No backdrop-filter or transform on the header: either would trap the fixed drawer inside the bar.
    <header className="fixed inset-x-0 top-0 z-40 border-b border-slate-200/70 bg-white shadow-sm">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <SmartLink href="/" className="flex items-center gap-2.5 rounded-md font-bold text-navy focus-visible:outline-2 focus-visible:outline-brand">
          <img src={settings.logo.src} alt="" width={36} height={36} className="h-9 w-9" />
          <span className="text-lg tracking-tight">{settings.companyName}</span>
        </SmartLink>
        <nav aria-label="Main" className="hidden md:block">
          <NavList items={settings.navigation} className="flex items-center gap-1" linkClassName={linkClass} />
        </nav>
        <SmartLink
          href={settings.headerCta.href}
          className="hidden rounded-full bg-brand px-5 py-2 font-semibold text-white shadow-sm transition hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand lg:inline-block"
        >
          {settings.headerCta.label}
        </SmartLink>
        <button
          ref={openRef}
          type="button"
          className="rounded-md p-2 text-navy focus-visible:outline-2 focus-visible:outline-brand md:hidden"
          aria-expanded={open}
          aria-controls="mobile-menu"
          onClick={() => setOpen(true)}
        >
          <span className="sr-only">Open menu</span>
          <svg aria-hidden="true" width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <path d="M4 6h16M4 12h16M4 18h16" />
          </svg>
        </button>
      </div>
      <div
        data-testid="drawer-overlay"
        aria-hidden="true"
        onClick={() => setOpen(false)}
        className={`fixed inset-0 z-40 h-dvh bg-black duration-500 motion-reduce:transition-none md:hidden ${open ? "visible opacity-40 transition-opacity" : "invisible opacity-0 transition-[opacity,visibility]"}`}
      />
      <div
        ref={drawerRef}
        id="mobile-menu"
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        inert={!open}
        data-open={open ? "" : undefined}
        className={`fixed top-0 right-0 z-50 flex h-dvh w-[250px] flex-col bg-white p-5 shadow-2xl duration-500 ease-out motion-reduce:transition-none md:hidden ${open ? "visible translate-x-0 transition-transform" : "invisible translate-x-full transition-[transform,visibility]"}`}
      >
        <div className="mb-6 flex items-center justify-between">
          <span className="font-bold text-navy">{settings.companyName}</span>
          <button ref={closeRef} type="button" className="rounded-md p-2 text-navy focus-visible:outline-2 focus-visible:outline-brand" onClick={() => setOpen(false)}>
            <span className="sr-only">Close menu</span>
            <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </div>
        <nav aria-label="Mobile">
          <NavList
            items={settings.navigation}
            className="space-y-1"
            linkClassName={`block ${linkClass} aria-[current=page]:bg-brand/10`}
            onLinkClick={() => setOpen(false)}
          />
        </nav>
      </div>
    </header>
  );
}

/** The menu links, marked aria-current on the page they lead to; the bar and the drawer both use it. */
function NavList({ items, className, linkClassName, onLinkClick }: { items: SiteSettings["navigation"]; className: string; linkClassName: string; onLinkClick?: () => void }) {
  return (
    <ul className={className} onClick={onLinkClick && ((e) => (e.target as HTMLElement).closest("a") && onLinkClick())}>
      {items.map((item) => (
        <li key={item.href}>
          <SmartLink href={item.href} nav className={linkClassName}>
            {item.label}
          </SmartLink>
        </li>
      ))}
    </ul>
  );
}
