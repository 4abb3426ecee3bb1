import { Link } from 'wouter';
import { Mail, MapPin } from 'lucide-react';
import { paths } from '#shared/routes.ts';
import { siteLocation } from '#shared/site.ts';
import { site, vat } from '../lib/site.ts';

const quickLinks = [
  { label: 'Services', href: paths.services },
  { label: 'Service Builder', href: paths.serviceBuilder },
  { label: 'Buy A Domain', href: paths.buyDomain },
  { label: 'Speed Report', href: paths.speedOptimization },
  { label: 'Portfolio', href: paths.portfolio },
  { label: 'FAQ', href: paths.faq },
  { label: 'Help centre', href: paths.help },
  { label: 'Contact', href: paths.contact },
];

function PayFastLogo() {
  return (
    <svg
      viewBox="0 0 120 32"
      width="120"
      height="32"
      role="img"
      aria-label="PayFast secure payments"
    >
      <rect width="120" height="32" rx="6" fill="#fff" />
      <text
        x="12"
        y="21"
        fontFamily="Arial, sans-serif"
        fontSize="15"
        fontWeight="700"
        fill="#022d2d"
      >
        Pay
      </text>
      <text
        x="43"
        y="21"
        fontFamily="Arial, sans-serif"
        fontSize="15"
        fontWeight="700"
        fill="#c0392b"
      >
        Fast
      </text>
      <path d="M88 10h20v12H88z" fill="none" stroke="#022d2d" strokeWidth="2" />
      <path d="M88 14h20" stroke="#022d2d" strokeWidth="2" />
    </svg>
  );
}

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer data-static className="mt-16 bg-brand-900 text-white">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-3">
        <div>
          <p className="text-lg font-extrabold">{site.siteName}</p>
          <p className="mt-2 text-sm text-brand-100">
            Websites, business plans, company registration and domains for South African businesses.
          </p>
          <ul className="mt-4 space-y-2 text-sm">
            <li className="flex items-center gap-2">
              <Mail className="size-4" aria-hidden="true" />
              <a
                href={`mailto:${site.contactEmail}`}
                className="underline-offset-4 hover:underline"
              >
                {site.contactEmail}
              </a>
            </li>
            <li className="flex items-center gap-2">
              <MapPin className="size-4" aria-hidden="true" />
              {siteLocation}
            </li>
          </ul>
        </div>
        <nav aria-label="Quick links">
          <p className="font-bold">Quick links</p>
          <ul className="mt-3 grid grid-cols-2 gap-2 text-sm">
            {quickLinks.map((link) => (
              <li key={link.href}>
                <Link href={link.href} className="text-brand-100 hover:text-white hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <p className="font-bold">Secure card payments</p>
          <p className="mt-2 mb-3 text-sm text-brand-100">
            Pay by card through PayFast. {vat.pricesNote}
          </p>
          <PayFastLogo />
        </div>
      </div>
      <div className="border-t border-brand-800">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-4 text-sm text-brand-100 sm:flex-row sm:items-center sm:justify-between">
          <p>
            © {year} {site.siteName}. Made with care in South Africa
          </p>
          <p className="flex gap-4">
            <Link href={paths.terms} className="hover:text-white hover:underline">
              Terms of Service
            </Link>
            <Link href={paths.privacy} className="hover:text-white hover:underline">
              Privacy Policy
            </Link>
          </p>
        </div>
      </div>
    </footer>
  );
}
