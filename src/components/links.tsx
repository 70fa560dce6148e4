import type { ReactNode } from "react";
import { Link as RouterLink, NavLink } from "react-router";

export const isInternal = (href: string) => href.startsWith("/");

/** A link to a page of the site (client-side navigation) or elsewhere (plain <a>, new tab for the web). */
export function SmartLink({ href, className, children, nav = false }: { href: string; className?: string; children: ReactNode; nav?: boolean }) {
  if (isInternal(href)) {
    return nav ? (
      <NavLink to={href} end className={className} prefetch="intent">
        {children}
      </NavLink>
    ) : (
      <RouterLink to={href} className={className} prefetch="intent">
        {children}
      </RouterLink>
    );
  }
  const external = /^https?:/.test(href);
  return (
    <a href={href} className={className} {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}>
      {children}
    </a>
  );
}

/** An e-mail address that may break after its @ when the line is too short for it, rather than anywhere. */
export function EmailAddress({ address }: { address: string }) {
  const at = address.indexOf("@");
  if (at < 0) return address;
  return (
    <>
      {address.slice(0, at + 1)}
      <wbr />
      {address.slice(at + 1)}
    </>
  );
}
