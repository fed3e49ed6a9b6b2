import type { DocumentKind } from './document-numbers';
import type { PLATFORM } from './platform';

// What an issued invoice holds, apart from the code that issues it (invoices.ts) and the code that
// prints it (invoice-pdf.ts), so that each imports the shape and neither imports the other for it.

/** A billing address as copied into an order and its documents. */
export interface BillingSnapshot {
  fullName: string;
  company: string | null;
  street: string;
  postalCode: string;
  city: string;
  countryCode: string;
  vatId: string | null;
}

/** Everything a document prints, frozen when it is issued. */
export interface InvoiceDocument {
  kind: DocumentKind;
  number: string;
  issuedAt: string;
  cancels: string | null;
  issuer: typeof PLATFORM;
  buyer: BillingSnapshot;
  orderReference: string;
  provider: string;
  isTestPayment: boolean;
  currency: string;
  vat: { kind: string; country: string; rateBasisPoints: number };
  lines: { title: string; licence: string; gross: number; vat: number; net: number }[];
  totals: {
    original: number;
    voucherDiscount: number;
    gross: number;
    vat: number;
    net: number;
    creditsUsed: number;
    due: number;
  };
}
