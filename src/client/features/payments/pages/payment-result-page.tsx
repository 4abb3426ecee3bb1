import { Link } from 'wouter';
import { paths } from '#shared/routes.ts';
import { PageHeader } from '../../../components/page.tsx';
import { Button } from '../../../components/ui/button.tsx';

export function PaymentSuccessPage() {
  return (
    <PageHeader
      eyebrow="Payment"
      title="Thank you for your payment"
      lead="PayFast sends us a confirmation as soon as your card payment clears; your order and tax invoice then appear in your dashboard."
    >
      <Button asChild>
        <Link href={paths.userDashboard}>Go to my dashboard</Link>
      </Button>
    </PageHeader>
  );
}

export function PaymentCancelPage() {
  return (
    <PageHeader
      eyebrow="Payment"
      title="Payment cancelled"
      lead="No money was taken. Your cart is still here, so you can pay again whenever you are ready."
    >
      <Button asChild>
        <Link href={paths.checkout}>Back to checkout</Link>
      </Button>
    </PageHeader>
  );
}
