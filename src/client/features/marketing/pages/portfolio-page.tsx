import { Link } from 'wouter';
import { formatSeconds } from '#shared/numbers.ts';
import { paths } from '#shared/routes.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardTitle } from '../../../components/ui/card.tsx';
import { PageHeader, Section } from '../../../components/page.tsx';
import { site, vat } from '../../../lib/site.ts';
import { CtaBanner } from '../components/cta-banner.tsx';

type Artwork = 'shop' | 'website' | 'app' | 'plan' | 'books' | 'speed';

interface CaseStudy {
  client: string;
  city: string;
  services: string;
  built: string;
  result: string;
  artwork: Artwork;
  background: string;
}

const caseStudies: CaseStudy[] = [
  {
    client: 'Family bakery',
    city: 'Cape Town',
    services: 'Online shop · Custom e-mail',
    built:
      'A mobile-first online shop with a click-and-collect menu, PayFast card payments, a WhatsApp button for celebration-cake orders and three branded mailboxes.',
    result:
      '38% of weekend orders now arrive online, and the Saturday-morning queue at the counter is noticeably shorter.',
    artwork: 'shop',
    background: 'from-brand-700 to-brand-900',
  },
  {
    client: 'Plumbing and geyser repairs',
    city: 'Pretoria',
    services: 'Ready-made Business website',
    built:
      'An eight-page website listing every suburb they serve, a click-to-call emergency number, a Google Business Profile and before-and-after photos of geyser installations.',
    result:
      'Calls that start on the website grew from about 4 a month to 27 a month within the first quarter.',
    artwork: 'website',
    background: 'from-sky-700 to-sky-900',
  },
  {
    client: 'Spaza-shop wholesaler',
    city: 'Soweto',
    services: 'Mobile app',
    built:
      'An Android ordering app for 140 spaza-shop owners that works on entry-level phones, saves orders offline during load-shedding and sends them once the signal returns.',
    result:
      'Phone and SMS orders dropped by two-thirds, and picking errors in the warehouse fell from weekly to rare.',
    artwork: 'app',
    background: 'from-amber-700 to-amber-900',
  },
  {
    client: 'Refrigerated-transport start-up',
    city: 'Durban',
    services: 'Company registration · Business plan',
    built:
      'A (Pty) Ltd registered with CIPC, VAT and PAYE set up with SARS, and a bank-ready business plan with three-year cash-flow projections for two reefer trucks.',
    result:
      'The founders secured R 750 000 in vehicle finance and were trading within seven weeks of the first meeting.',
    artwork: 'plan',
    background: 'from-teal-700 to-teal-900',
  },
  {
    client: 'Guesthouse with 12 rooms',
    city: 'Bloemfontein',
    services: 'Financial management',
    built:
      'Monthly bookkeeping from bank feeds and the booking system, bi-monthly VAT201 returns, payroll and EMP201 submissions for nine staff, and one-page management accounts.',
    result:
      'Every SARS return has been filed on time since the handover, and the owners now see their occupancy-to-profit picture each month.',
    artwork: 'books',
    background: 'from-indigo-700 to-indigo-900',
  },
  {
    client: 'Surf school and board shop',
    city: 'Gqeberha',
    services: 'Speed report · Website fixes',
    built:
      'A 60-second speed report followed by compressed images, a lighter booking widget and fonts served from their own domain.',
    result: `Mobile Largest Contentful Paint went from ${formatSeconds(6100)} to ${formatSeconds(1900)} and the performance score from 41 to 93, and lesson bookings rose by a quarter.`,
    artwork: 'speed',
    background: 'from-rose-700 to-rose-900',
  },
];

const highlights = [
  { value: '5 provinces', label: 'covered by these six projects, all run from Johannesburg' },
  { value: '7 weeks', label: 'from first meeting to trading for the Durban transport start-up' },
  { value: '41 to 93', label: 'mobile performance score after the Gqeberha speed fixes' },
];

function CaseArtwork({ artwork }: { artwork: Artwork }) {
  return (
    <svg
      viewBox="0 0 320 180"
      className="h-auto w-full"
      aria-hidden="true"
      focusable="false"
      fill="none"
    >
      {artwork === 'shop' && (
        <g>
          <rect x="40" y="24" width="240" height="136" rx="10" fill="#fff" opacity="0.95" />
          <rect x="40" y="24" width="240" height="18" rx="9" fill="#d1fadf" />
          <circle cx="54" cy="33" r="3" fill="#0f5132" />
          <circle cx="64" cy="33" r="3" fill="#0f5132" />
          <rect x="56" y="54" width="60" height="44" rx="6" fill="#facc15" />
          <rect x="130" y="54" width="60" height="44" rx="6" fill="#a6f4c5" />
          <rect x="204" y="54" width="60" height="44" rx="6" fill="#fcd34d" />
          <rect x="56" y="106" width="44" height="6" rx="3" fill="#475467" />
          <rect x="130" y="106" width="44" height="6" rx="3" fill="#475467" />
          <rect x="204" y="106" width="44" height="6" rx="3" fill="#475467" />
          <rect x="56" y="128" width="60" height="16" rx="8" fill="#0f5132" />
          <rect x="130" y="128" width="60" height="16" rx="8" fill="#0f5132" />
          <rect x="204" y="128" width="60" height="16" rx="8" fill="#0f5132" />
        </g>
      )}
      {artwork === 'website' && (
        <g>
          <rect x="40" y="24" width="240" height="136" rx="10" fill="#fff" opacity="0.95" />
          <rect x="40" y="24" width="240" height="18" rx="9" fill="#e0f2fe" />
          <circle cx="54" cy="33" r="3" fill="#0369a1" />
          <circle cx="64" cy="33" r="3" fill="#0369a1" />
          <rect x="56" y="54" width="110" height="10" rx="5" fill="#101828" />
          <rect x="56" y="72" width="90" height="6" rx="3" fill="#475467" />
          <rect x="56" y="84" width="100" height="6" rx="3" fill="#475467" />
          <rect x="56" y="104" width="70" height="18" rx="9" fill="#facc15" />
          <rect x="180" y="54" width="84" height="90" rx="8" fill="#bae6fd" />
          <path d="M190 132l20-28 16 18 12-12 18 22z" fill="#0369a1" />
          <circle cx="244" cy="74" r="8" fill="#facc15" />
        </g>
      )}
      {artwork === 'app' && (
        <g>
          <rect x="118" y="10" width="84" height="160" rx="16" fill="#101828" />
          <rect x="124" y="22" width="72" height="136" rx="8" fill="#fff" />
          <rect x="132" y="32" width="56" height="10" rx="5" fill="#b45309" />
          <rect x="132" y="52" width="56" height="22" rx="5" fill="#fef3c7" />
          <rect x="132" y="80" width="56" height="22" rx="5" fill="#fef3c7" />
          <rect x="132" y="108" width="56" height="22" rx="5" fill="#fef3c7" />
          <rect x="132" y="138" width="56" height="12" rx="6" fill="#facc15" />
          <circle cx="70" cy="60" r="22" fill="#fcd34d" opacity="0.9" />
          <circle cx="256" cy="124" r="28" fill="#fef3c7" opacity="0.5" />
        </g>
      )}
      {artwork === 'plan' && (
        <g>
          <rect x="84" y="14" width="152" height="156" rx="8" fill="#fff" opacity="0.95" />
          <rect x="102" y="30" width="80" height="10" rx="5" fill="#101828" />
          <rect x="102" y="48" width="116" height="6" rx="3" fill="#475467" />
          <rect x="102" y="60" width="100" height="6" rx="3" fill="#475467" />
          <rect x="108" y="126" width="18" height="28" rx="3" fill="#99f6e4" />
          <rect x="134" y="110" width="18" height="44" rx="3" fill="#2dd4bf" />
          <rect x="160" y="96" width="18" height="58" rx="3" fill="#0f766e" />
          <rect x="186" y="80" width="18" height="74" rx="3" fill="#facc15" />
          <path d="M104 156h112" stroke="#475467" strokeWidth="2" />
        </g>
      )}
      {artwork === 'books' && (
        <g>
          <rect x="50" y="22" width="220" height="136" rx="10" fill="#fff" opacity="0.95" />
          <path d="M70 130l40-30 30 16 40-44 30 18 40-40" stroke="#4338ca" strokeWidth="5" />
          <circle cx="110" cy="100" r="5" fill="#facc15" />
          <circle cx="140" cy="116" r="5" fill="#facc15" />
          <circle cx="180" cy="72" r="5" fill="#facc15" />
          <circle cx="210" cy="90" r="5" fill="#facc15" />
          <path d="M70 142h180" stroke="#475467" strokeWidth="2" />
          <rect x="70" y="34" width="70" height="8" rx="4" fill="#101828" />
        </g>
      )}
      {artwork === 'speed' && (
        <g>
          <path
            d="M70 140a90 90 0 0 1 180 0"
            stroke="#fff"
            strokeOpacity="0.3"
            strokeWidth="18"
            strokeLinecap="round"
          />
          <path
            d="M70 140a90 90 0 0 1 168-45"
            stroke="#facc15"
            strokeWidth="18"
            strokeLinecap="round"
          />
          <path d="M160 140l52-52" stroke="#fff" strokeWidth="6" strokeLinecap="round" />
          <circle cx="160" cy="140" r="10" fill="#fff" />
        </g>
      )}
    </svg>
  );
}

export function PortfolioPage() {
  return (
    <>
      <PageHeader
        static
        eyebrow="Portfolio"
        title="Work we are proud of, for businesses across South Africa"
        lead={`From a Cape Town bakery to a Soweto wholesaler, here is what ${site.siteName} built, and what changed for each business afterwards.`}
      >
        <Button asChild size="lg">
          <Link href={paths.requestService}>Start your project</Link>
        </Button>
        <Button asChild variant="outline" size="lg">
          <Link href={paths.services}>See all services</Link>
        </Button>
      </PageHeader>

      <Section
        static
        title="Case studies"
        intro="Client names are kept private at their request; the results are measured from their own analytics, bank statements and SARS submissions."
      >
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {caseStudies.map((study) => (
            <li key={study.client}>
              <Card padding="none" className="flex h-full flex-col overflow-hidden">
                <div className={`bg-gradient-to-br ${study.background} p-4`}>
                  <CaseArtwork artwork={study.artwork} />
                </div>
                <div className="flex flex-1 flex-col p-6">
                  <p className="text-sm font-semibold text-brand-700">{study.services}</p>
                  <CardTitle className="mt-1">
                    {study.client}, {study.city}
                  </CardTitle>
                  <dl className="mt-4 space-y-3 text-sm">
                    <div>
                      <dt className="font-semibold text-ink">What we built</dt>
                      <dd className="mt-1 text-muted">{study.built}</dd>
                    </div>
                    <div>
                      <dt className="font-semibold text-ink">Result</dt>
                      <dd className="mt-1 text-muted">{study.result}</dd>
                    </div>
                  </dl>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      </Section>

      <Section static title="What the projects have in common">
        <ul className="grid gap-6 sm:grid-cols-3">
          {highlights.map((item) => (
            <li key={item.label} className="rounded-2xl bg-surface p-6">
              <p className="text-2xl font-extrabold text-brand-700">{item.value}</p>
              <p className="mt-1 text-muted">{item.label}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section static>
        <CtaBanner
          title="Your business could be the next case study"
          actions={
            <>
              <Button asChild variant="secondary" size="lg">
                <Link href={paths.requestService}>Request a service</Link>
              </Button>
              <Button asChild variant="outline" size="lg">
                <Link href={paths.contact}>Talk to us</Link>
              </Button>
            </>
          }
        >
          Tell us where you are now and where you want to be. We reply within one business day with
          a plan and a price in rand{vat.included}.
        </CtaBanner>
      </Section>
    </>
  );
}
