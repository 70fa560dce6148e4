import type { SiteSettings } from "@/generated/content";
import { formatHours } from "./hours";
import { EmailAddress, SmartLink } from "./links";
import { Picture } from "./ui";

const heading = "mb-4 text-sm font-semibold uppercase tracking-wider text-sky";
const link = "text-slate-300 hover:text-white underline-offset-4 hover:underline";

/** A footer column's links; an entry without an address is shown as coming soon. */
function LinkList({ items, className }: { items: { label: string; href?: string }[]; className: string }) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item.label}>
          {item.href ? (
            <SmartLink href={item.href} className={link}>
              {item.label}
            </SmartLink>
          ) : (
            <span className="text-slate-400">{item.label} (coming soon)</span>
          )}
        </li>
      ))}
    </ul>
  );
}

export function Footer({ settings: s }: { settings: SiteSettings }) {
  const social = [
    { label: "LinkedIn", href: s.social.linkedin },
    { label: "Instagram", href: s.social.instagram },
    { label: "Facebook", href: s.social.facebook },
  ];
  return (
    <footer id="site-footer" className="bg-navy text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-4 lg:px-8">
        <div>
          <p className="flex items-center gap-2 text-lg font-bold text-white">
            <Picture image={{ ...s.logo, decorative: true }} slot="mark" className="h-9 w-9" />
            {s.companyName}
          </p>
          {s.tagline && <p className="mt-3 text-sm">{s.tagline}</p>}
          <nav aria-label="Social media">
            <LinkList items={social} className="mt-4 flex gap-4" />
          </nav>
        </div>
        <nav aria-labelledby="footer-quick">
          <h2 id="footer-quick" className={heading}>
            Quick Links
          </h2>
          <LinkList items={s.footer.quickLinks} className="space-y-2" />
        </nav>
        <nav aria-labelledby="footer-company">
          <h2 id="footer-company" className={heading}>
            Company
          </h2>
          <LinkList items={s.footer.companyLinks} className="space-y-2" />
        </nav>
        <div>
          <h2 className={heading}>Contact</h2>
          <address className="space-y-2 not-italic">
            <p>
              <a className={link} href={`tel:${s.phone.dial}`}>
                {s.phone.display}
              </a>
            </p>
            <p>
              <a className={link} href={`mailto:${s.email}`}>
                <EmailAddress address={s.email} />
              </a>
            </p>
            <p>{`${s.address.street}, ${s.address.locality}, ${s.address.city} ${s.address.postalCode}, ${s.address.region}, ${s.address.country}`}</p>
            <p>{formatHours(s.openingHours)}</p>
          </address>
        </div>
      </div>
      <p className="border-t border-white/10 py-6 text-center text-sm text-slate-400">
        © {new Date().getFullYear()} {s.footer.copyright}
      </p>
    </footer>
  );
}
