import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { useRemoveSavedCard } from '../api/remove-saved-card.ts';
import { useSavedCards } from '../api/get-saved-cards.ts';

/** The cards the customer keeps for renewals (PayFast tokenisation), each removable. */
export function SavedCardsSection() {
  const cards = useSavedCards();
  const remove = useRemoveSavedCard({
    onSuccess: () =>
      toast({
        title: 'Card removed',
        description: 'PayFast no longer keeps it, and it is never charged again.',
        variant: 'success',
      }),
    onError: (error) =>
      toast({
        title: 'Could not remove the card',
        description: error.message,
        variant: 'destructive',
      }),
  });
  if (!cards.isSuccess || cards.data.length === 0) return null;
  return (
    <section aria-labelledby="saved-cards-heading" className="mb-8">
      <h2 id="saved-cards-heading" className="text-xl font-bold text-ink">
        Saved cards
      </h2>
      <p className="mt-1 text-sm text-muted">
        Domain renewals and yearly services are charged to your saved card on their due date.
      </p>
      <ul className="mt-4 grid gap-3">
        {cards.data.map((card) => (
          <li key={card.id}>
            <Card className="flex flex-wrap items-center justify-between gap-3">
              <div>
                <p className="font-semibold text-ink">{card.label}</p>
                <p className="text-sm text-muted">PayFast keeps the card details, not us.</p>
              </div>
              <ConfirmDialog
                trigger={<Button variant="outline">Remove card</Button>}
                title="Remove this card?"
                confirmLabel="Remove card"
                pending={remove.isPending}
                onConfirm={() => remove.mutate(card.id)}
              >
                PayFast forgets the card and it is never charged again. Renewals are then e-mailed
                to you to pay by hand, until you save another card at checkout.
              </ConfirmDialog>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
