import { PageHeader, Section } from '../../../components/page.tsx';
import { TldPriceTable } from '../components/tld-price-table.tsx';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card.tsx';
import { DomainSearch } from '../components/domain-search.tsx';
import { TransferStart } from '../components/transfer-start.tsx';
import { vat } from '../../../lib/site.ts';

const extensions = [
  { tld: '.co.za', text: 'The home of South African business: trusted by local customers.' },
  { tld: '.com', text: 'The global classic, for businesses that sell beyond our borders.' },
  { tld: '.africa', text: 'Show that you do business across the continent.' },
  {
    tld: '.joburg · .capetown · .durban',
    text: 'City names for businesses proud of where they are.',
  },
  { tld: '.online · .store · .tech', text: 'Modern names when the .co.za you want is taken.' },
  { tld: '.net · .org', text: 'Established choices for networks, NPOs and associations.' },
];

export function BuyDomainPage() {
  return (
    <>
      <PageHeader
        static
        eyebrow="Domains"
        title="Buy a domain name"
        lead="Search for the name you want and see its live price per year. Registration includes DNS management from your dashboard."
      />
      <Section>
        <Card>
          <DomainSearch />
        </Card>
      </Section>
      <Section
        static
        title="Popular extensions"
        intro={`Prices are shown with every search result. ${vat.pricesNote}`}
      >
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {extensions.map((e) => (
            <li key={e.tld}>
              <Card className="h-full">
                <CardTitle>{e.tld}</CardTitle>
                <CardDescription className="mt-2">{e.text}</CardDescription>
              </Card>
            </li>
          ))}
        </ul>
      </Section>
      <Section
        title="Transfer a domain you own"
        intro="Move a domain from another registrar to us with the auth code it gave you. We start the transfer once it is paid; it can take up to 7 days, and we e-mail you when it is done."
      >
        <Card className="max-w-3xl">
          <TransferStart />
        </Card>
      </Section>
      <Section
        title="Prices per ending"
        intro={`Yearly prices in rand${vat.included}. Premium names are priced individually when you search.`}
      >
        <TldPriceTable />
      </Section>
    </>
  );
}
