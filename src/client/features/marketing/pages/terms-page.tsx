import { Link } from 'wouter';
import { paths } from '#shared/routes.ts';
import { PageHeader, Section } from '../../../components/page.tsx';
import { sentences } from '#shared/vat-wording.ts';
import { site, vat } from '../../../lib/site.ts';

const linkClass = 'font-semibold text-brand-700 underline underline-offset-4';

export function TermsPage() {
  return (
    <>
      <PageHeader
        static
        eyebrow="Legal"
        title="Terms of Service"
        lead={`The terms that apply when you use the ${site.siteName} website and buy our services. Please read them before you place an order.`}
      />
      <Section static>
        <div className="prose-page max-w-3xl">
          <p>Last updated 22 November 2026</p>

          <h2>1. Who we are and when these terms apply</h2>
          <p>
            {site.siteName} is a business-services company based in Johannesburg, South Africa.
            These terms apply to every visit to this website and to every order for websites,
            business plans, company registration, financial management, domain names and related
            services. By placing an order you confirm that you are at least 18 years old and
            authorised to act for the business you order for.
          </p>

          <h2>2. Orders</h2>
          <ul>
            <li>
              An order is an offer to buy. A contract is concluded once your payment succeeds and we
              send you an order confirmation by e-mail.
            </li>
            <li>
              The confirmation sets out what is included, the delivery estimate and what we need
              from you to start.
            </li>
            <li>
              We may decline an order, for example if the information supplied is incomplete or a
              domain name is no longer available. If we decline, we refund you in full.
            </li>
          </ul>

          <h2>3. Prices and payment</h2>
          <ul>
            <li>
              {sentences(
                'All prices are in South African rand (ZAR).',
                vat.pricesNote,
                vat.invoiceShowsVat,
              )}
            </li>
            <li>
              Payment is by debit or credit card through PayFast, a registered South African payment
              gateway. We never see or store your full card number.
            </li>
            <li>
              Fees charged by third parties, such as CIPC or SARS where stated on the order, are
              passed on at cost.
            </li>
            <li>
              We may change prices on the website at any time, but the price on your order
              confirmation is the price you pay.
            </li>
          </ul>

          <h2>4. Delivery</h2>
          <p>
            Our services are delivered electronically: by e-mail, through your account dashboard or
            by publishing your website. Delivery times are estimates in business days and start once
            we have received your payment and everything we asked you for. We will tell you promptly
            if a government office, registrar or other third party causes a delay.
          </p>

          <h2>5. Cancellations and refunds</h2>
          <ul>
            <li>
              Under section 44 of the Electronic Communications and Transactions Act (ECT Act), you
              may cancel an online purchase without reason or penalty within 7 days of the order
              confirmation. We refund you within 30 days, less only the direct cost of returning any
              goods.
            </li>
            <li>
              The cooling-off right does not apply to services that have begun, with your consent,
              before the 7 days end, nor to goods or services made to your specifications, such as a
              custom design or a registered domain name.
            </li>
            <li>
              Under the Consumer Protection Act (CPA) you may cancel an advance booking or
              reservation; we may then keep a reasonable charge for work already done.
            </li>
            <li>
              If a service is not delivered as described, you are entitled under the CPA to have it
              corrected or to a refund of the amount paid for the defective part.
            </li>
            <li>Approved refunds are paid back to the card used for the order.</li>
          </ul>

          <h2>6. Domain names</h2>
          <ul>
            <li>
              Domain names are registered in your name as registrant and are subject to the rules of
              the relevant registry, such as the ZA Central Registry for .co.za and ICANN policies
              for .com.
            </li>
            <li>
              Registration is first come, first served. A domain is yours only once the registry
              confirms the registration.
            </li>
            <li>
              Domains are registered for the period you choose and must be renewed before they
              expire. We send renewal reminders by e-mail, but renewal is your responsibility.
            </li>
            <li>Once a domain is registered, the registration fee cannot be refunded.</li>
          </ul>

          <h2>7. Your responsibilities</h2>
          <ul>
            <li>Give us accurate, complete information and respond to our questions promptly.</li>
            <li>
              Make sure that content, logos and images you supply are yours to use and lawful.
            </li>
            <li>Keep your account password secret and tell us at once if it may be compromised.</li>
            <li>Do not use our services for spam, fraud or any unlawful purpose.</li>
          </ul>

          <h2>8. Intellectual property</h2>
          <p>
            Once you have paid in full, you own the final deliverables we create for you, such as
            your website design, content and business plan. We keep the rights to our own tools,
            templates and know-how, and you receive a licence to use any template parts in your
            deliverable. We may show finished public work in our portfolio unless you ask us not to.
          </p>

          <h2>9. Liability</h2>
          <p>
            We deliver our services with reasonable care and skill. To the extent the law allows,
            our total liability for any claim is limited to the amount you paid for the service
            concerned, and we are not liable for indirect losses such as lost profit. Nothing in
            these terms limits your rights under the CPA or our liability for gross negligence.
          </p>

          <h2>10. Governing law</h2>
          <p>
            These terms are governed by the laws of the Republic of South Africa, and South African
            courts have jurisdiction. How we handle your personal information is described in our{' '}
            <Link href={paths.privacy} className={linkClass}>
              privacy policy
            </Link>
            .
          </p>

          <h2>11. Contact</h2>
          <p>
            Questions about these terms or an order? E-mail{' '}
            <a href={`mailto:${site.contactEmail}`} className={linkClass}>
              {site.contactEmail}
            </a>{' '}
            or visit our{' '}
            <Link href={paths.contact} className={linkClass}>
              contact page
            </Link>
            .
          </p>
        </div>
      </Section>
    </>
  );
}
