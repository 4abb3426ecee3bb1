import { Link } from 'wouter';
import { notFoundTitle, paths } from '#shared/routes.ts';
import { Button } from '../components/ui/button.tsx';

export function NotFoundPage() {
  return (
    <div className="mx-auto max-w-2xl px-4 py-24 text-center">
      <p className="text-6xl font-extrabold text-brand-700">404</p>
      <h1 className="mt-4 text-3xl font-extrabold text-ink">{notFoundTitle}</h1>
      <p className="mt-3 text-muted">
        The page you asked for does not exist or has moved. Check the address, or carry on from one
        of these pages.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link href={paths.home}>Go to the home page</Link>
        </Button>
        <Button asChild variant="outline">
          <Link href={paths.services}>Browse our services</Link>
        </Button>
      </div>
    </div>
  );
}
