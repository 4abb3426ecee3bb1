import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Menu, ShoppingCart, UserRound, X } from 'lucide-react';
import { formatRand } from '#shared/money.ts';
import { isCheckoutContext, paths } from '#shared/routes.ts';
import { Button } from '../components/ui/button.tsx';
import { cn } from '../lib/cn.ts';
import { site } from '../lib/site.ts';
import { useUser } from '../lib/current-user.ts';
import { useAdminStatus } from '../lib/current-admin.ts';
import { cartTotals, useCart } from '../lib/cart.ts';

export const navLinks = [
  { label: 'Home', href: paths.home },
  { label: 'Services', href: paths.services },
  { label: 'Contact', href: paths.contact },
  { label: 'Portfolio', href: paths.portfolio },
  { label: 'About', href: paths.about },
  { label: 'FAQ', href: paths.faq },
  { label: 'Buy A Domain', href: paths.buyDomain },
];

/** The account button of SPEC §2: admin beats user beats visitor. */
/**
 * On a phone the account button is its icon (its words stay its accessible name), so the cart
 * summary, the button and the menu fit beside the logo down to 320 px.
 */
const compact = 'max-sm:w-8 max-sm:px-0';
const wide = 'max-sm:sr-only';

function AccountButton({ onNavigate }: { onNavigate?: () => void }) {
  const { user } = useUser();
  const { admin } = useAdminStatus({ poll: true });
  if (admin) {
    return (
      <Button asChild size="sm" variant="secondary" className={compact}>
        <Link href={paths.adminDashboard} onClick={onNavigate}>
          <UserRound aria-hidden="true" className="sm:hidden" />
          <span className={wide}>Admin Dashboard</span>
        </Link>
      </Button>
    );
  }
  if (user) {
    return (
      <Button asChild size="sm" className={compact}>
        <Link href={paths.userDashboard} onClick={onNavigate}>
          <UserRound aria-hidden="true" className="sm:hidden" />
          <span className={wide}>My Dashboard</span>
        </Link>
      </Button>
    );
  }
  return (
    <Button asChild size="sm" className={compact}>
      <Link href={paths.userLogin} onClick={onNavigate}>
        <UserRound aria-hidden="true" className="sm:hidden" />
        <span className={wide}>Login / Signup</span>
      </Link>
    </Button>
  );
}

function CartSummary() {
  const items = useCart();
  const [location, navigate] = useLocation();
  if (items.length === 0) return null;
  const { count, total } = cartTotals(items);
  const onCheckout = location === paths.checkout;
  return (
    <Button
      variant="outline"
      size="sm"
      data-testid="cart-summary"
      // Begins with the visible words ("2 R 2 740,00"), so saying them presses it (WCAG 2.5.3).
      aria-label={`${count} ${formatRand(total)}: cart of ${count} ${count === 1 ? 'item' : 'items'}, ${onCheckout ? 'go back' : 'go to checkout'}`}
      onClick={() => (onCheckout ? window.history.back() : navigate(paths.checkout))}
    >
      <ShoppingCart aria-hidden="true" />
      <span>{count}</span>
      <span aria-hidden="true">·</span>
      <span>{formatRand(total)}</span>
    </Button>
  );
}

export function Header() {
  const [location] = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const checkoutContext = isCheckoutContext(location);
  const close = () => setMenuOpen(false);
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-white/95 backdrop-blur">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:rounded focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4">
        <Link href={paths.home} className="flex items-center gap-2 font-extrabold text-brand-800">
          <img src="/logo.svg" alt="" width="32" height="32" />
          <span className="text-base leading-tight max-[479px]:sr-only sm:text-lg">
            {site.siteName}
          </span>
        </Link>
        <nav aria-label="Main" className="ml-auto hidden lg:block">
          <ul className="flex items-center gap-1">
            {navLinks.map((link) => (
              <li key={link.href}>
                <Link
                  href={link.href}
                  aria-current={location === link.href ? 'page' : undefined}
                  className={cn(
                    'rounded-md px-3 py-2 text-sm font-medium hover:bg-brand-50',
                    location === link.href
                      ? 'text-brand-700 underline underline-offset-8'
                      : 'text-ink',
                  )}
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div
          className="ml-auto flex min-w-0 items-center gap-1.5 sm:gap-2 lg:ml-2"
          data-checkout-context={checkoutContext || undefined}
        >
          <CartSummary />
          <AccountButton />
          <Button
            variant="ghost"
            size="icon"
            className="lg:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
          </Button>
        </div>
      </div>
      {menuOpen && (
        <nav
          id="mobile-menu"
          aria-label="Mobile"
          className="border-t border-line bg-white px-4 pb-4 lg:hidden"
          onKeyDown={(event) => {
            if (event.key === 'Escape') close();
          }}
        >
          <ul className="flex flex-col py-2">
            {navLinks.map((link) => (
              <li key={link.href}>
                <Link
                  href={link.href}
                  onClick={close}
                  aria-current={location === link.href ? 'page' : undefined}
                  className="block rounded-md px-3 py-3 font-medium text-ink hover:bg-brand-50"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </header>
  );
}
